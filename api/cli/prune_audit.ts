// `npm run prune-audit -- --before 2026-01-01` (or `--keep-days 365`): deletes the
// audit events older than that and records that it did (api/audit/prune.ts).
import { parseArgs } from "node:util";
import { runCommand } from "./run_command.ts";
import { pruneAudit } from "../audit/prune.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cut-off the options name: a date, or so many days ago; an error for anything else. */
export function cutOff(values: { before?: string; "keep-days"?: string }, now = new Date()): Date {
  if ((values.before === undefined) === (values["keep-days"] === undefined)) {
    throw new Error("give one of --before <date> or --keep-days <days>");
  }
  if (values.before !== undefined) {
    const date = new Date(values.before);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.before) || Number.isNaN(date.getTime())) {
      throw new Error("--before must be an ISO date, e.g. 2026-01-01");
    }
    return date;
  }
  const days = Number(values["keep-days"]);
  if (!/^\d{1,5}$/.test(values["keep-days"]!) || days < 1) {
    throw new Error("--keep-days must be a whole number of days, at least 1");
  }
  return new Date(now.getTime() - days * DAY_MS);
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { before: { type: "string" }, "keep-days": { type: "string" } },
  });
  await runCommand("prune-audit", async (sql) => {
    const before = cutOff(values);
    const { count, throughId } = await pruneAudit(sql, before);
    return count
      ? `prune-audit: removed ${count} events before ${before.toISOString()} (through #${throughId})`
      : `prune-audit: no events before ${before.toISOString()} (recorded as removing none)`;
  });
}
