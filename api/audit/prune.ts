// Pruning the audit trail (`npm run prune-audit -- --before 2026-01-01`): deletes
// the oldest events, those before the date, and records its own event saying how
// many, through which id, and the hash of the last one it removed (the anchor the
// first remaining event links to, so /api/audit/verify still holds). The append-only
// trigger lets only this delete through, and only up to the id it names for its
// own transaction.
import type { Sql } from "../db/connect.ts";
import { SYSTEM, writeEvent } from "./record.ts";

export type Pruned = { count: number; throughId: number | null };

export async function pruneAudit(sql: Sql, before: Date): Promise<Pruned> {
  return await sql.begin(async (tx) => {
    const [last] = await tx<{ id: number; hash: string }[]>`
      select id, hash from audit_events where at < ${before} order by id desc limit 1`;
    if (!last) return { count: 0, throughId: null };
    await tx`select set_config('threshold.audit_prune_through', ${String(last.id)}, true)`;
    const removed = await tx`delete from audit_events where id <= ${last.id}`;
    await writeEvent(
      tx,
      {
        action: "audit.prune",
        target: { type: "audit", id: null, name: "Audit trail" },
        changes: {
          before: [null, before.toISOString()],
          count: [null, removed.count],
          through: [null, last.id],
          anchor: [null, last.hash],
        },
      },
      SYSTEM,
      { ip: null, userAgent: "prune-audit", requestId: null },
    );
    return { count: removed.count, throughId: last.id };
  });
}
