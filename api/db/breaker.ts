// The circuit breaker in front of the database. Closed, statements go to the
// database and their outcomes are counted: a statement the database answered
// (rows or an SQL error) resets the count, one that could not reach it or got no
// answer in time adds one. After `failures` in a row it opens: from then on every
// statement is refused at once (503), so nothing waits on a database that is away
// and nothing queues for it, while a probe (`select 1` on a connection of its own)
// runs every `probeMs`. The first probe that succeeds closes it again.
export type BreakerState = "closed" | "open";

export type BreakerOptions = {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** Time between probes while open. */
  probeMs: number;
  /** Resolves when the database answers; rejects (or hangs past probeTimeoutMs) when not. */
  probe: () => Promise<void>;
  /** The most a probe may take before it counts as failed. */
  probeTimeoutMs: number;
  onChange?: (state: BreakerState, cause?: unknown) => void;
};

export class Breaker {
  #state: BreakerState = "closed";
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #probing = false;
  #closed = false;
  /** When the breaker last opened (performance.now()), for logs and tests. */
  openedAt = 0;
  probes = 0;

  constructor(private readonly options: BreakerOptions) {}

  get state(): BreakerState {
    return this.#state;
  }

  get isOpen(): boolean {
    return this.#state === "open";
  }

  /** The database answered. */
  success() {
    this.#failures = 0;
  }

  /** The database could not be reached or did not answer. */
  failure(cause?: unknown) {
    this.#failures++;
    if (this.#state === "closed" && this.#failures >= this.options.failures) this.#open(cause);
  }

  /** Opens now (e.g. the probe at start failed); probing starts. */
  open(cause?: unknown) {
    if (this.#state === "closed") this.#open(cause);
  }

  /** Stops probing for good (the pool is closing). */
  stop() {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #open(cause: unknown) {
    this.#state = "open";
    this.openedAt = performance.now();
    this.options.onChange?.("open", cause);
    this.#schedule();
  }

  #close() {
    this.#state = "closed";
    this.#failures = 0;
    this.options.onChange?.("closed");
  }

  #schedule() {
    if (this.#closed || this.#probing) return;
    clearTimeout(this.#timer);
    const timer = setTimeout(() => this.#probe(), this.options.probeMs);
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  async #probe() {
    if (this.#closed || this.#state === "closed") return;
    this.#probing = true;
    this.probes++;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        this.options.probe(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("probe timed out")),
            this.options.probeTimeoutMs,
          );
        }),
      ]);
      if (!this.#closed) this.#close();
    } catch {
      // Still away: try again later.
    } finally {
      clearTimeout(timer);
      this.#probing = false;
    }
    if (this.#state === "open") this.#schedule();
  }
}
