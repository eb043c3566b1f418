// How long a door waits before it tries the server again (issue 32, "Overload is
// not an outage"). A server that restarts or is overloaded is asked again by every
// door it has: if they all wait the same, they all come back in the same instant
// and overload it again. So each door waits a random time ("full jitter": anything
// from 0 up to base * 2^attempt, at most cap), and a server's Retry-After is a
// floor, with a random part of up to as long again on top of it, so that doors told
// the same Retry-After spread out too.

export type BackoffOptions = {
  /** The first try's longest wait (the ceiling doubles with each failed try). */
  baseMs?: number;
  /** The longest wait without a Retry-After. */
  capMs?: number;
  /** [0, 1) numbers; Math.random unless a test fixes them. */
  random?: () => number;
  /** The clock an HTTP-date Retry-After is read against; Date.now unless a test fixes it. */
  now?: () => number;
};

export const BASE_MS = 1_000;
export const CAP_MS = 30_000;
/**
 * The longest Retry-After honoured: a door whose clock is a day behind (an HTTP
 * date) or a server's mistake should not keep it away for a day; and timers
 * cannot wait beyond 2^31 ms anyway.
 */
export const RETRY_AFTER_LIMIT_MS = 10 * 60_000;

export class Backoff {
  readonly #baseMs: number;
  readonly #capMs: number;
  readonly #random: () => number;
  readonly #now: () => number;
  #attempt = 0;

  constructor(options: BackoffOptions = {}) {
    this.#baseMs = options.baseMs ?? BASE_MS;
    this.#capMs = options.capMs ?? CAP_MS;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
  }

  /** The failed tries since the last reset. */
  get attempt(): number {
    return this.#attempt;
  }

  /**
   * The wait before the next try, in whole ms, counting this one as a failed try.
   * With the server's Retry-After (delta-seconds or an HTTP date) at least that long,
   * plus up to as long again; without one (or an invalid one, or one already past),
   * random(0, min(cap, base * 2^attempt)).
   */
  next(retryAfter?: string | null): number {
    const attempt = this.#attempt++;
    const floor = retryAfterMs(retryAfter, this.#now());
    if (floor) return floor + Math.floor(this.#random() * floor);
    const ceiling = Math.min(this.#capMs, this.#baseMs * 2 ** attempt);
    return Math.floor(this.#random() * ceiling);
  }

  /** After a success: the next failure waits as the first did. */
  reset() {
    this.#attempt = 0;
  }
}

/**
 * The three forms of an HTTP date (IMF-fixdate, RFC 850's, asctime's: a month's
 * name and a time), all in GMT: Date.parse alone takes "later 2030" or "1.5" for dates.
 */
const HTTP_DATE = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b.*\b\d\d:\d\d:\d\d\b/;

/**
 * A Retry-After header's wait in ms (RFC 9110 §10.2.3): delta-seconds, or an HTTP
 * date less `now`. null when absent, invalid or already past; at most
 * RETRY_AFTER_LIMIT_MS.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1_000;
  else if (HTTP_DATE.test(text)) ms = Date.parse(/GMT$/i.test(text) ? text : `${text} GMT`) - now;
  else return null;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  return Math.min(Math.ceil(ms), RETRY_AFTER_LIMIT_MS);
}
