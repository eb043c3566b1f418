// One error vocabulary for the whole API: { "error": "<readable message>", "code": "<code>" },
// the codes and their statuses in contract.ts. Not-found messages: not_found.ts.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Env } from "./env.ts";
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "./contract.ts";
import { isUnavailable } from "../db/unavailable.ts";

export class ApiError extends Error {
  readonly status: (typeof ERROR_STATUS)[ErrorCode];
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /** The answer's JSON body. */
  body(): ErrorBody {
    return { error: this.message, code: this.code };
  }
}

export const badRequest = (message: string) => new ApiError("validation", message);
export const unauthorized = (message = "Not authenticated") =>
  new ApiError("unauthenticated", message);
export const forbidden = (message = "Admin access is required") =>
  new ApiError("forbidden", message);
export const conflict = (message: string) => new ApiError("conflict", message);

export const DATABASE_UNAVAILABLE = "The database is not available";
/** 503: the database is away, too busy or too slow (db/unavailable.ts); try again shortly. */
export const databaseUnavailable = () =>
  new ApiError("unavailable", DATABASE_UNAVAILABLE, { "Retry-After": "1" });

/**
 * 503: this process has as much of this kind of work as it takes now (http/admission.ts);
 * the database is fine. Callers spread their retries over Retry-After.
 */
export const serverBusy = (retryAfterSeconds: number) =>
  new ApiError("unavailable", "The server is busy. Please try again shortly.", {
    "Retry-After": String(retryAfterSeconds),
  });

/** postgres error code for a unique-constraint clash. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

/**
 * Awaits work; a unique clash in it becomes 409 with the route's own message.
 * Every change runs in a transaction (audit/record.ts): run the insert or update
 * in a savepoint (http/transaction.ts), so the clash does not spoil it.
 */
export const uniqueOr409 = <T>(work: Promise<T>, message: string): Promise<T> =>
  uniqueOr(work, () => conflict(message));

/** Awaits work; a unique clash in it is thrown as `refusal()` (SCIM answers in its own words). */
export async function uniqueOr<T>(work: Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}

/** Answers an ApiError: its status, headers and { error, code } body. */
export const answer = (c: Context, error: ApiError) =>
  c.json(error.body(), error.status, error.headers);

/** Hono's own exceptions keep their status where the vocabulary has it. */
function codeOfStatus(status: number): ErrorCode {
  const known = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  return known ? known[0] as ErrorCode : status < 500 ? "validation" : "internal";
}

function asApiError(error: Error, c: Context<Env>): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    return new ApiError(codeOfStatus(error.status), error.message || "Request failed");
  }
  // A clash no route expected: still a 409, in general words.
  if (isUniqueViolation(error)) return conflict("That value is already in use");
  if (isUnavailable(error)) {
    c.var.log.debug("database not available", {
      requestId: c.var.requestId,
      error: String(error),
    });
    return databaseUnavailable();
  }
  c.var.log.error("unhandled error", {
    requestId: c.var.requestId,
    error: error.stack ?? String(error),
  });
  return new ApiError("internal", "Something went wrong. Please try again.");
}

export const onError = (error: Error, c: Context<Env>) => answer(c, asApiError(error, c));
