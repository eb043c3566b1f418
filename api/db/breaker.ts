// The circuit breaker in front of the database. It opens only on evidence that the
// database is away, never because this process is busy (issue 32: a reconnect storm
// of doors made statements wait past their deadlines in this process's own queue,
// the breaker counted those as failures and refused a lockdown while the database
// was up). The evidence:
//   - a statement that could not reach the database (connection refused, reset,
//     timed out: `failure`): after `failures` in a row it opens; a statement the
//     database answered (rows or an SQL error: `success`) resets the count;
//   - a probe that fails: a statement sent but not answered in time (`suspect`) may be
//     a slow database or a busy process, so it asks, once at a time and at most every
//     `probeMs`: `select 1` on a connection of its own, within `probeTimeoutMs`. Only a
//     failed probe opens the breaker.
// Open, every statement is refused at once (503), so nothing waits on a database
// that is away and nothing queues for it, while a probe runs every `probeMs`. The
// first probe that succeeds closes it again.
export type BreakerState = "closed" | "open";

export type BreakerOptions = {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** Time between probes while open, and the least time between two probes of a suspicion. */
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
  /** When the last probe ended (performance.now()): suspicions do not probe more often than probeMs. */
  #probedAt = -Infinity;
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

  /** The database could not be reached. */
  failure(cause?: unknown) {
    this.#failures++;
    if (this.#state === "closed" && this.#failures >= this.options.failures) this.#open(cause);
  }

  /**
   * A statement got no answer in time: the database may be away, or only slow, or
   * this process too busy to read its answer. A probe decides; it opens the breaker
   * only if it fails.
   */
  suspect(cause?: unknown) {
    if (this.#closed || this.#state === "open" || this.#probing) return;
    if (performance.now() - this.#probedAt < this.options.probeMs) return;
    this.#check().then((up) => {
      if (!up && !this.#closed && this.#state === "closed") this.#open(cause);
    });
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
    const timer = setTimeout(() => this.#probeWhileOpen(), this.options.probeMs);
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }

  async #probeWhileOpen() {
    if (this.#closed || this.#state === "closed") return;
    if (await this.#check() && !this.#closed) this.#close();
    if (this.#state === "open") this.#schedule();
  }

  /** One probe, never two at once: whether the database answered within probeTimeoutMs. */
  async #check(): Promise<boolean> {
    this.#probing = true;
    this.probes++;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        this.options.probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("probe timed out")), this.options.probeTimeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      this.#probing = false;
      this.#probedAt = performance.now();
    }
  }
}
