// What every feature's answers share, for the server and the web alike (Deno-free,
// no imports): the error answer { error, code }, a readable sentence and a
// machine-readable code, which errors.ts makes every refusal from; and the
// answer of a deletion.

/** Each code and the status it answers with. */
export const ERROR_STATUS = {
  validation: 400,
  // docs/api.md counts a body over the limit as bad input: 400, with its own code.
  payload_too_large: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale: 412,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
  gateway_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorBody = { error: string; code: ErrorCode };

/** A 412: the edit was based on an older version; `current` is the server's. */
export type StaleBody<T> = { error: string; code: "stale"; current: T };

/** A DELETE's answer. */
export type Deleted = { success: true; id: number };
