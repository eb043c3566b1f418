// The one rule that keeps the product administrable: after any change to users,
// groups or memberships, at least one active user must still be an admin (a member
// of the active group named Admin). Changes that could break it run through
// keepingAnAdmin: one at a time (an advisory lock, so two admins removing each
// other at once cannot both succeed), and rolled back with a 409 when the rule fails.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { isAdminSql } from "../auth/sessions.ts";
import { conflict } from "../http/errors.ts";
import { transaction } from "../http/transaction.ts";

const ADMIN_CHANGES_LOCK = 7_460_313; // next to the migration and seed locks

export async function anActiveAdminExists(sql: Queries): Promise<boolean> {
  const [row] = await sql<{ exists: boolean }[]>`
    select exists (select 1 from users u where u.is_active and ${
    isAdminSql(sql, sql`u.id`)
  }) as exists`;
  return row.exists;
}

/** Runs fn in a transaction that is refused (409 `refusal`) if it leaves no active admin. */
export function keepingAnAdmin<T>(
  sql: Queries,
  refusal: string,
  fn: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  return transaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`;
    const result = await fn(tx);
    if (!(await anActiveAdminExists(tx))) throw conflict(refusal);
    return result;
  });
}
