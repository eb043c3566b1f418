// Bounded concurrency for one kind of request in this process (issue 32): at most
// `atOnce` run, at most `waiting` more wait their turn, first come first served, each
// at most `maxWaitMs`; the rest are refused at once with 503 and Retry-After, so a
// storm of them (every door fetching its list after a restart) is spread over time
// by its callers instead of queueing without end in front of everything else.
// A caller that gives up while waiting (its request aborted) leaves the line.
import { serverBusy } from "./errors.ts";

export type AdmissionOptions = {
  atOnce: number;
  waiting: number;
  maxWaitMs: number;
  /** What the refusal's Retry-After says, in seconds. */
  retryAfterSeconds: number;
};

type Turn = { go: () => void; gone: boolean };

export class Admission {
  #running = 0;
  #line: Turn[] = [];
  #waiting = 0;

  constructor(private readonly options: AdmissionOptions) {}

  /** Runs `work` when its turn comes, or throws serverBusy() (503). */
  async run<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    await this.#enter(signal);
    try {
      return await work();
    } finally {
      this.#leave();
    }
  }

  /** Running now and waiting now, for tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting };
  }

  #enter(signal: AbortSignal | undefined): Promise<void> {
    const { atOnce, waiting, maxWaitMs, retryAfterSeconds } = this.options;
    if (this.#running < atOnce && this.#waiting === 0) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting >= waiting || signal?.aborted) return Promise.reject(serverBusy(retryAfterSeconds));
    return new Promise((resolve, reject) => {
      const leave = () => {
        if (turn.gone) return;
        turn.gone = true;
        this.#waiting--;
        clearTimeout(timer);
        signal?.removeEventListener("abort", leave);
        reject(serverBusy(retryAfterSeconds));
      };
      const turn: Turn = {
        gone: false,
        go: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", leave);
          resolve();
        },
      };
      const timer = setTimeout(leave, maxWaitMs);
      signal?.addEventListener("abort", leave);
      this.#line.push(turn);
      this.#waiting++;
    });
  }

  #leave() {
    this.#running--;
    while (this.#running < this.options.atOnce && this.#line.length) {
      const next = this.#line.shift()!;
      if (next.gone) continue;
      next.gone = true;
      this.#waiting--;
      this.#running++;
      next.go();
    }
  }
}
