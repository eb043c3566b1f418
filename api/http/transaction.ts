// Runs fn in a transaction on whatever the request holds: the pool begins
// one, an enclosing transaction (an idempotent request) nests as a savepoint.
import type { Queries } from "../db/connect.ts";
import type postgres from "postgres";

export function transaction<T>(
  sql: Queries,
  fn: (tx: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  const maybeTx = sql as Partial<postgres.TransactionSql> & Partial<postgres.Sql>;
  if (maybeTx.savepoint) return maybeTx.savepoint(fn) as Promise<T>;
  return maybeTx.begin!(fn) as Promise<T>;
}
