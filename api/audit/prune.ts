// Pruning the audit trail (`npm run prune-audit -- --before 2026-01-01`): deletes
// the oldest events, those before the date, in one transaction. Every run records
// its own event first, `audit.prune`, saying how many it removes (0 when there is
// nothing to remove), through which id, and the hash of the last one removed (the
// anchor the first remaining event links to, so /api/audit/verify still holds).
// The database lets a DELETE stand only when such an event, newer than what it
// removed, names a `through` at or past it (migrations/017_audit_prune_guard.sql).
import type { Sql } from "../db/connect.ts";
import { SYSTEM, writeEvent } from "./record.ts";

export type Pruned = { count: number; throughId: number | null };

/** Events a delete statement removes: each well inside the statement deadline. */
export const PRUNE_BATCH = 20_000;

export async function pruneAudit(sql: Sql, before: Date, batch = PRUNE_BATCH): Promise<Pruned> {
  return await sql.begin(async (tx) => {
    const [last] = await tx<{ id: number; hash: string }[]>`
      select id, hash from audit_events where at < ${before} order by id desc limit 1`;
    const [{ count }] = last
      ? await tx<{ count: number }[]>`
        select count(*)::int as count from audit_events where id <= ${last.id}`
      : [{ count: 0 }];
    // Written first: the delete is refused without it. It holds the chain's lock
    // until this transaction ends, so other changes wait for the delete.
    await writeEvent(
      tx,
      {
        action: "audit.prune",
        target: { type: "audit", id: null, name: "Audit trail" },
        changes: {
          before: [null, before.toISOString()],
          count: [null, count],
          through: [null, last?.id ?? null],
          anchor: [null, last?.hash ?? null],
        },
      },
      SYSTEM,
      { ip: null, userAgent: "prune-audit", requestId: null },
    );
    let removed = 0;
    while (last) {
      const done = await tx`
        delete from audit_events where id in (
          select id from audit_events where id <= ${last.id} order by id limit ${batch})`;
      removed += done.count;
      if (done.count < batch) break;
    }
    // Nothing else deletes (the database refuses it), so the count stands.
    if (removed !== count) throw new Error(`removed ${removed} events, expected ${count}`);
    return { count, throughId: last?.id ?? null };
  });
}
