// A SCIM provider for tests: a token made through the admin API, and requests to
// /scim/v2 with it, as Okta or Entra send them (application/scim+json, no cookie).
import type { TestApp } from "../testing/test_app.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
export type ScimAnswer = { status: number; headers: Headers; text: string; json: Json };

export const SCIM = "http://localhost:8000/scim/v2";

export function scimRequest(testApp: TestApp, token: string | null) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ScimAnswer> => {
    const headers: Record<string, string> = { accept: "application/scim+json", ...options.headers };
    if (token !== null) headers.authorization ??= `Bearer ${token}`;
    let body = options.raw;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] ??= "application/scim+json";
    const res = await testApp.app.request(`${SCIM}${path}`, { method, headers, body });
    const text = await res.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch { /* tests read .text */ }
    return { status: res.status, headers: res.headers, text, json };
  };
}

/** A token named `name`, made by the admin (signed in as `admin`). */
export async function makeToken(admin: { request: TestApp["request"] }, name: string) {
  const res = await admin.request("POST", "/api/scim-tokens", { body: { name } });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
  return res.json as { id: number; name: string; token: string };
}

/** The SCIM error a request should have answered. */
export const scimError = (status: number, detail: string, scimType?: string) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});
