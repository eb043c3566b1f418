import postgres from "postgres";

// What "the database is not available" means, in one place: the errors the guard
// (guard.ts) raises itself, and the driver's and server's errors that say the
// database cannot be reached. The API answers all of them 503
// { error: "The database is not available" } (http/errors.ts); any other SQL error
// stays what it is (a unique clash 409, anything else 500).

export type UnavailableReason =
  /** The connection failed or the server is going away (the driver's error is the cause). */
  | "unreachable"
  /** The breaker is open: the database failed repeatedly and is being probed. */
  | "down"
  /** Too many statements already wait for a connection. */
  | "busy"
  /** No answer within the statement deadline (connecting and waiting included). */
  | "timeout"
  /** An access decision not decided by its deadline. */
  | "deadline"
  /** The request this statement belongs to has already been answered or has given up. */
  | "abandoned";

export class DatabaseUnavailable extends Error {
  readonly code = "DATABASE_UNAVAILABLE";
  constructor(readonly reason: UnavailableReason, options?: { cause?: unknown }) {
    const cause = options?.cause as { code?: unknown; message?: unknown } | undefined;
    const detail = cause ? `: ${cause.code ?? ""} ${cause.message ?? ""}`.trimEnd() : "";
    super(`The database is not available (${reason}${detail})`, options);
  }
}

// postgres.js's own connection errors, and socket errors (Node's codes, as Deno
// reports them) that mean nobody is answering at the other end.
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOENT", // a unix socket that is not there
]);

/**
 * SQLSTATEs of a server that is going away or not taking work: class 08 (connection
 * exception), 57P01 admin_shutdown (a stop), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 57P04 database_dropped.
 */
function unreachableState(code: string): boolean {
  return code.startsWith("08") || /^57P0[1-4]$/.test(code);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Whether an error the driver gave for a statement says the database could not be
 * reached: what the breaker counts as a failure, and what the guard turns into
 * DatabaseUnavailable("unreachable"). An SQL error (the server answered) is not.
 * Only for errors from the driver: a file's ENOENT elsewhere means something else.
 */
export function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (!code) return false;
  return CONNECTION_CODES.has(code) || unreachableState(code);
}

/**
 * Whether the API answers 503 The database is not available: the guard's own
 * errors, and a server error saying it is going away or could not do the work in
 * time or for lack of resources (57014 query_canceled by statement_timeout, 53xxx
 * such as too_many_connections).
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (!(error instanceof postgres.PostgresError)) return false;
  const code = error.code;
  return unreachableState(code) || code === "57014" || code.startsWith("53");
}
