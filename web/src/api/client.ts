// The one way the web app reaches the server: every call to /api goes through
// send(), and every call that wants JSON back through call(), which throws one
// ApiError for any answer that is not OK. Cookies always go (spec 1 §1); a JSON
// body and its content type only with a payload; Idempotency-Key, If-Match and
// a timeout when asked for.
//
// It is also where a sign-out is made to hold on a shared tablet: from the
// moment someone signs out, even offline, no call goes with their session
// cookie (HttpOnly, so the page cannot delete it) until the server has ended
// that session; the logout is sent first, before anything else, at the first
// chance the network gives.
import type { QueryFunction } from "@tanstack/react-query";
import { isSignOutPending, setSignOutPending } from "../offline/storage";
import { ApiError } from "./api_error";

const LOGOUT_PATH = "/api/auth/logout";

/** Nothing was sent: the previous session could not be ended yet (no network). */
export class SignOutPendingError extends TypeError {
  constructor() {
    super("The previous sign-out has not reached the server yet");
    this.name = "SignOutPendingError";
  }
}

let ending: Promise<boolean> | null = null;

/**
 * Sends the logout this browser still owes the server, once even when many
 * calls ask at the same moment. True when none is owed (any more).
 */
export function endPendingSession(): Promise<boolean> {
  if (!isSignOutPending()) return Promise.resolve(true);
  ending ??= (async () => {
    try {
      const res = await fetch(new URL(LOGOUT_PATH, location.href), { method: "POST", credentials: "include" });
      // 5xx: the server could not end it (database away); ask again next time.
      if (res.status >= 500) return false;
      setSignOutPending(false);
      return true;
    } catch {
      return false;
    } finally {
      ending = null;
    }
  })();
  return ending;
}

/** fetch() with the session cookie, once no sign-out is owed; SignOutPendingError otherwise. */
export async function send(path: string, init: RequestInit = {}): Promise<Response> {
  if (!(await endPendingSession())) throw new SignOutPendingError();
  return await fetch(path, { credentials: "include", ...init });
}

export type CallOptions = {
  /** Sent as JSON; no body (and no content type) when undefined. */
  body?: unknown;
  idempotencyKey?: string;
  /** The version (updatedAt) an edit was based on: 412 when the server moved on. */
  ifMatch?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** The headers of a call; the outbox sends its rows with the same ones. */
export function callHeaders(options: Pick<CallOptions, "body" | "idempotencyKey" | "ifMatch">): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.ifMatch) headers["If-Match"] = `"${options.ifMatch}"`;
  return headers;
}

/**
 * Sends a call and answers its parsed JSON (undefined for an empty answer). A
 * non-OK answer throws ApiError; no answer at all (network, timeout) rejects
 * with fetch's own error, so callers can tell the two apart.
 */
export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined]
    .filter((s): s is AbortSignal => s !== undefined);
  const res = await send(path, {
    method,
    headers: callHeaders(options),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: signals.length ? AbortSignal.any(signals) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw ApiError.from(res, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The default reader of spec 1 §1: GETs the first element of the query key. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => call("GET", String(queryKey[0]), { signal });
