// What the benchmarks share: their sizes from the environment, percentiles and the
// one-line summary of a set of times, an open loop's sleep and its limit of requests
// in flight, the load generator's priority, and the lines a child process prints.
import { NICE } from "../api/db/private_postgres.ts";

/** A size from the environment (DEVICES=, USERS=, …), or its default. */
export const env = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback);

/** The p-th percentile of the values (any order), nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `p50 … / p99 … / max … ms (n=…)`, to `digits` decimals. */
export const summary = (values: number[], digits = 0) =>
  `p50 ${percentile(values, 50).toFixed(digits)} / p99 ${percentile(values, 99).toFixed(digits)} / ` +
  `max ${Math.max(...values).toFixed(digits)} ms (n=${values.length})`;

/**
 * Waits ms; not at all when already late (an open loop's next request is due). Not even
 * a setTimeout(0): a loop of timers is clamped to 4 ms each once nested (HTML's rule,
 * which Deno follows), so an open loop at 500/s that always waited sent 250 a second
 * and timed its own backlog.
 */
export const sleep = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * Puts this process at the API processes' priority (startApi, as root): the load
 * generator stands for the doors and admins, and its own waits for the CPU must not
 * count against what it times.
 */
export async function atApiPriority() {
  if (NICE) await new Deno.Command("renice", { args: ["-n", String(NICE), "-p", String(Deno.pid)], stdout: "null" }).output();
}

/**
 * At most `limit` requests in flight, like a fleet of controllers each on its own
 * connection: `run` waits for a free one (a wait an open loop counts) and frees it after.
 */
export function inFlight(limit: number) {
  let free = limit;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      if (waiting.length) waiting.shift()!();
      else free++;
    }
  };
}

/** CPU time (user + system) the processes have used so far, in ms. */
export function cpuMs(pids: number[]): number {
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of pids) {
    try {
      // After the ")" closing the command name: state is field 3, utime 14, stime 15.
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch { /* gone */ }
  }
  return total;
}

/** Calls `line` with each line `stream` (a child's output) carries, until it ends. */
export async function eachLine(stream: ReadableStream<Uint8Array<ArrayBuffer>>, line: (text: string) => void) {
  let buffer = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  }
}
