// Calls whose failure message comes from the server's { error } field, as the
// sign-in, sign-up, passkey and identity-verification screens show it (spec 1 §8).
// The generic apiRequest keeps the "<status>: <body>" format of spec 1 §1 for
// everything else.
import { send } from "./client";

/** A non-OK answer: its status and the server's `error` text, when it gave one. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = "ServerError";
  }
}

/** The `error` field of a JSON error body, or null. */
export function errorField(body: unknown): string | null {
  if (body && typeof body === "object" && "error" in body) {
    const { error } = body as { error: unknown };
    if (typeof error === "string" && error.trim() !== "") return error;
  }
  return null;
}

/**
 * Sends a call with cookies (a JSON body only when data is given) and answers
 * the parsed JSON. A non-OK answer throws ServerError; a network failure
 * rejects with fetch's own TypeError, so callers can tell the two apart.
 */
export async function callJson<T>(method: string, path: string, data?: unknown): Promise<T> {
  const res = await send(path, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null; // an HTML error page from a proxy, say: no server message
  }
  if (!res.ok) throw new ServerError(res.status, errorField(body));
  return body as T;
}
