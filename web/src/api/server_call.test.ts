import { afterEach, describe, expect, it, vi } from "vitest";
import { callJson, errorField, ServerError } from "./server_call";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, text: string) {
  const fetch = vi.fn(async () => new Response(text, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("errorField", () => {
  it("reads a non-empty string error", () => {
    expect(errorField({ error: "Nope" })).toBe("Nope");
    expect(errorField({ error: "" })).toBeNull();
    expect(errorField({ error: 5 })).toBeNull();
    expect(errorField(null)).toBeNull();
    expect(errorField("error")).toBeNull();
  });
});

describe("callJson", () => {
  it("sends JSON with cookies and answers the parsed body", async () => {
    const fetch = answer(200, '{"ok":true}');
    await expect(callJson("POST", "/api/x", { a: 1 })).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith("/api/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
      credentials: "include",
    });
  });

  it("sends no body or content type without data", async () => {
    const fetch = answer(200, "{}");
    await callJson("POST", "/api/x");
    expect(fetch).toHaveBeenCalledWith("/api/x", { method: "POST", headers: {}, body: undefined, credentials: "include" });
  });

  it("throws ServerError with the server's error text", async () => {
    answer(429, '{"error":"Too many sign-in attempts. Please try again in 15 minutes."}');
    await expect(callJson("POST", "/api/auth/login", {})).rejects.toEqual(
      new ServerError(429, "Too many sign-in attempts. Please try again in 15 minutes."),
    );
  });

  it("throws ServerError without a message for a non-JSON failure", async () => {
    answer(502, "<html>Bad gateway</html>");
    await expect(callJson("GET", "/api/x")).rejects.toMatchObject({ status: 502, serverMessage: null });
  });

  it("lets a network failure through as fetch's own error", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    }));
    await expect(callJson("GET", "/api/x")).rejects.toBeInstanceOf(TypeError);
  });
});
