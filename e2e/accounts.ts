// Accounts for the end-to-end tests: the demo admin and member seeded by
// global_setup.ts, fresh users made per test (tests share one server and run on
// two workers, so every test that changes an account makes its own), quick
// ways to sign in, and a virtual authenticator for passkeys ("Face ID").
import type { APIRequestContext, CDPSession, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const DEMO_PASSWORD = "threshold-demo";
export const DEMO_ADMIN = { email: "admin@threshold.test", firstName: "Avery", lastName: "Adams" } as const;
export const DEMO_MEMBER = { email: "member@threshold.test", firstName: "Morgan", lastName: "Miller" } as const;

let counter = 0;

/** An e-mail no other test (or earlier run on a kept database) uses. */
export function uniqueEmail(tag: string): string {
  const nonce = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
  return `${tag}-${nonce}@threshold.test`;
}

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

/**
 * Signs up a fresh user through the API. Use Playwright's `request` fixture (its
 * own cookie jar), so the page under test stays signed out.
 */
export async function createUser(request: APIRequestContext, tag: string): Promise<TestUser> {
  const user = { email: uniqueEmail(tag), password: "correct-horse-battery", firstName: "Test", lastName: tag };
  const res = await request.post("/api/auth/signup", { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Signs the page's browser context in through the API (shares the page's cookies). */
export async function signInByApi(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Both steps of /login, by hand as a person would, ending on /app. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByPlaceholder("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByPlaceholder("Enter your password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** A virtual platform authenticator (Chromium's WebAuthn domain) that verifies the user and says yes at once. */
export async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * On /login: a password sign-in with "Setup Face ID" ticked, so the passkey is
 * registered (201) before /app. Returns the authenticator's one credential.
 */
export async function signInSettingUpFaceId(page: Page, user: TestUser, { cdp, authenticatorId }: { cdp: CDPSession; authenticatorId: string }) {
  await page.getByPlaceholder("Enter your email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByPlaceholder("Enter your password").fill(user.password);
  await page.getByRole("checkbox", { name: "Setup Face ID" }).check();
  const registered = page.waitForResponse("**/api/auth/passkey/register/verify");
  await page.getByRole("button", { name: "Sign in" }).click();
  expect((await registered).status()).toBe(201);
  await expect(page).toHaveURL(/\/app$/);
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  return credentials[0];
}
