import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { afterEach, describe, expect, it, vi } from "vitest";

// The WebAuthn ceremonies need a browser; the server calls go to a stubbed fetch.
vi.mock("@simplewebauthn/browser", () => ({
  startAuthentication: vi.fn(async () => assertion),
  startRegistration: vi.fn(async () => registration),
}));

const { assertionPayload, passkeyLogin, registerPasskey, registrationPayload } = await import("./passkeys");
const { ApiError } = await import("./api_error");

const registration: RegistrationResponseJSON = {
  id: "cred-id_1",
  rawId: "cred-id_1",
  type: "public-key",
  authenticatorAttachment: "platform",
  clientExtensionResults: {},
  response: {
    clientDataJSON: "eyJjaGFsbGVuZ2UiOiJhYmMifQ",
    attestationObject: "o2NmbXRkbm9uZQ",
    publicKey: "MFkwEwYHKoZIzj0CAQ",
    transports: ["internal", "hybrid"],
  },
};

const assertion: AuthenticationResponseJSON = {
  id: "cred-id_1",
  rawId: "cred-id_1",
  type: "public-key",
  clientExtensionResults: {},
  response: {
    clientDataJSON: "eyJjaGFsbGVuZ2UiOiJ4eXoifQ",
    authenticatorData: "SZYN5YgOjGh0NBcP",
    signature: "MEUCIQDx-_sig",
    userHandle: "dGhyZXNob2xkLXVzZXItMQ",
  },
};

afterEach(() => vi.unstubAllGlobals());

/** A fetch answering each call in turn; records what was sent. */
function stubFetch(...answers: [number, unknown][]) {
  const calls: { url: string; method?: string; body?: unknown }[] = [];
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const [status, body] = answers.shift() ?? [500, null];
    return new Response(body === null ? "" : JSON.stringify(body), { status });
  }));
  return calls;
}

describe("registrationPayload", () => {
  it("maps the browser's answer to the spec's registration data", () => {
    expect(registrationPayload(registration)).toEqual({
      credentialId: "cred-id_1",
      publicKey: "MFkwEwYHKoZIzj0CAQ",
      counter: 0,
      transports: ["internal", "hybrid"],
      backupEligible: true,
      backupState: false,
      clientDataJSON: "eyJjaGFsbGVuZ2UiOiJhYmMifQ",
      attestationObject: "o2NmbXRkbm9uZQ",
    });
  });

  it("defaults transports to internal and is not backup eligible off-platform", () => {
    const roaming = {
      ...registration,
      authenticatorAttachment: "cross-platform" as const,
      response: { ...registration.response, transports: [], publicKey: undefined },
    };
    const payload = registrationPayload(roaming);
    expect(payload.transports).toEqual(["internal"]);
    expect(payload.backupEligible).toBe(false);
    expect("publicKey" in payload).toBe(false);
  });

  it("keeps base64url text as it is (the server accepts base64 and base64url)", () => {
    expect(registrationPayload(registration).credentialId).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe("assertionPayload", () => {
  it("maps the browser's answer to the spec's assertion", () => {
    expect(assertionPayload(assertion)).toEqual({
      credentialId: "cred-id_1",
      signature: "MEUCIQDx-_sig",
      authenticatorData: "SZYN5YgOjGh0NBcP",
      clientDataJSON: "eyJjaGFsbGVuZ2UiOiJ4eXoifQ",
      userHandle: "dGhyZXNob2xkLXVzZXItMQ",
    });
  });

  it("sends a missing user handle as null", () => {
    const { userHandle: _, ...response } = assertion.response;
    expect(assertionPayload({ ...assertion, response }).userHandle).toBeNull();
  });
});

describe("passkeyLogin", () => {
  it("gets options for the e-mail, then verifies the assertion", async () => {
    const user = { id: 1, email: "ada@example.com", firstName: "Ada", lastName: "L", isAdmin: false };
    const calls = stubFetch([200, { challenge: "xyz", allowCredentials: [] }], [200, { user }]);
    await expect(passkeyLogin("ada@example.com")).resolves.toEqual(user);
    expect(calls).toEqual([
      { url: "/api/auth/passkey/login/options", method: "POST", body: { email: "ada@example.com" } },
      { url: "/api/auth/passkey/login/verify", method: "POST", body: assertionPayload(assertion) },
    ]);
  });

  it("uses the server's error when it gives one", async () => {
    stubFetch([400, { error: "No Face ID is set up for this account" }]);
    const error = await passkeyLogin("ada@example.com").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: "No Face ID is set up for this account" });
  });

  it("falls back to each step's message", async () => {
    stubFetch([500, null]);
    await expect(passkeyLogin("a@b.c")).rejects.toMatchObject({ serverMessage: "Failed to get authentication options" });
    stubFetch([200, { challenge: "xyz" }], [500, null]);
    await expect(passkeyLogin("a@b.c")).rejects.toMatchObject({ serverMessage: "Authentication failed" });
  });
});

describe("registerPasskey", () => {
  it("gets options with no body, then sends the registration data", async () => {
    const calls = stubFetch([200, { challenge: "abc", user: { id: "dQ" } }], [201, { success: true }]);
    await registerPasskey();
    expect(calls).toEqual([
      { url: "/api/auth/passkey/register/options", method: "POST", body: undefined },
      { url: "/api/auth/passkey/register/verify", method: "POST", body: registrationPayload(registration) },
    ]);
  });

  it("fails when the verify call is refused", async () => {
    stubFetch([200, { challenge: "abc" }], [400, { error: "Failed to register Face ID. Please try again." }]);
    await expect(registerPasskey()).rejects.toBeInstanceOf(ApiError);
  });
});
