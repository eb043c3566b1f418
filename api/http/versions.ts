// Optimistic concurrency for edits: a PUT may carry If-Match with the
// updatedAt it was based on; when the entity moved on since, the answer is
// 412 with the server's current version so the client can let the user choose.
import type { Context } from "hono";
import { ApiError } from "./errors.ts";
import type { StaleBody } from "./contract.ts";
import { found } from "./not_found.ts";
import type { Queries } from "../db/connect.ts";
import { lockRow, type Table } from "../db/rows.ts";

export class StaleVersion extends ApiError {
  constructor(readonly current: unknown) {
    super("stale", "This item was changed by someone else since you loaded it");
  }

  /** The server's version goes with the refusal, for the conflict choice. */
  override body(): StaleBody<unknown> {
    return { error: this.message, code: "stale", current: this.current };
  }
}

/** The version the client based its edit on, or null when it sent none. */
export function ifMatch(c: Context): string | null {
  const raw = c.req.header("if-match");
  if (!raw || raw.trim() === "*") return null;
  return raw.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
}

/** Whether If-Match names another version than this one (false without If-Match). */
export function isStale(c: Context, version: Date | string): boolean {
  const expected = ifMatch(c);
  if (expected === null) return false;
  const asked = Date.parse(expected);
  return Number.isNaN(asked) || new Date(asked).toISOString() !== new Date(version).toISOString();
}

/** Throws 412 when If-Match names another version than the current one. */
export function assertVersion(c: Context, current: { updatedAt: Date | string }) {
  if (isStale(c, current.updatedAt)) throw new StaleVersion(current);
}

/**
 * The start of a versioned edit, in its transaction: locks the row (404 when there
 * is none), and checks If-Match against its current version (412). Returns the row
 * as it was before the edit (for the audit trail).
 */
export async function lockForEdit<T extends { updatedAt: Date }>(
  c: Context,
  tx: Queries,
  table: Table,
  id: number,
  find: (sql: Queries, id: number) => Promise<T | undefined>,
  missing: () => ApiError,
): Promise<T> {
  if (!(await lockRow(tx, table, id))) throw missing();
  const row = found(await find(tx, id), missing);
  assertVersion(c, row);
  return row;
}
