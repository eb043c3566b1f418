// What the benchmarks share: their sizes from the environment, percentiles and the
// one-line summary of a set of times, an open loop's sleep, and the load generator's
// priority.
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

/** Waits ms (none when already late: an open loop's next request is due). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Puts this process at the API processes' priority (startApi, as root): the load
 * generator stands for the doors and admins, and its own waits for the CPU must not
 * count against what it times.
 */
export async function atApiPriority() {
  if (NICE) await new Deno.Command("renice", { args: ["-n", String(NICE), "-p", String(Deno.pid)], stdout: "null" }).output();
}
