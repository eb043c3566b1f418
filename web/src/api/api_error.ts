// The one error a call to the server throws when the answer is not OK, and the
// spec's texts made from it, all here: the "<status>: <body>" message of spec 1
// §1, the server's own sentence (spec 1 §8 and the change toasts), and the
// occupancy queries' "HTTP error! status: {code}" (spec 2 §8).

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    /** The server's machine-readable code (validation, not_found, conflict, stale, …), when it gave one. */
    readonly code: string | null,
    /** The parsed JSON answer, or null when it was not JSON. */
    readonly body: unknown,
    /** Spec 1 §1: the status code, a colon and a space, then the body text (or the status text). */
    message: string,
  ) {
    super(message);
  }

  static from(res: Response, text: string): ApiError {
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null; // an HTML error page from a proxy, say
    }
    const code = (body as { code?: unknown } | null)?.code;
    return new ApiError(res.status, typeof code === "string" ? code : null, body, `${res.status}: ${text || res.statusText}`);
  }

  /** The server's own sentence (its `error` field), or null when it gave none. */
  get serverMessage(): string | null {
    const error = (this.body as { error?: unknown } | null)?.error;
    return typeof error === "string" && error.trim() !== "" ? error : null;
  }
}

/** The server's sentence for a failed call, or the screen's fallback (network, no sentence). */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Spec 2 §8: how a failed occupancy query reads. */
export const httpErrorText = (status: number) => `HTTP error! status: ${status}`;
