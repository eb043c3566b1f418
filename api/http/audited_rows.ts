// The calls every kind of row (rooms, devices, schedules, holiday calendars)
// answers alike: a versioned edit, switching one on or off, deleting one, each
// with its entry in the audit trail. A kind says where its rows are and how one
// is read; the route says what its own edit does.
import type { Context } from "hono";
import { auditChange, auditToggle } from "../audit/record.ts";
import type { Queries } from "../db/connect.ts";
import { deleteRow, lockRow, setActive, type Table } from "../db/rows.ts";
import type { Deleted } from "./contract.ts";
import type { Env } from "./env.ts";
import { type ApiError, conflict } from "./errors.ts";
import { found } from "./not_found.ts";
import { transaction } from "./transaction.ts";
import { lockForEdit } from "./versions.ts";
import { body } from "./validate.ts";
import { toggleBody } from "./schema_parts.ts";

type Row = { id: number; updatedAt: Date } & Record<string, unknown>;

/** One kind of row: its table, its name in the audit trail and the fields it shows, its read, its 404. */
export type RowKind<T extends Row> = {
  table: Table;
  type: string;
  fields?: string[];
  find: (sql: Queries, id: number) => Promise<T | undefined>;
  missing: () => ApiError;
};

/** The row, or the kind's 404. */
export const rowOr404 = async <T extends Row>(kind: RowKind<T>, sql: Queries, id: number) =>
  found(await kind.find(sql, id), kind.missing);

/**
 * PUT: in one transaction, locks the row and checks If-Match (lockForEdit), makes
 * the edit, and audits the row before and after it. Returns the row after.
 */
export const auditedEdit = <T extends Row>(
  c: Context<Env>,
  kind: RowKind<T>,
  id: number,
  edit: (tx: Queries) => Promise<unknown>,
) =>
  transaction(c.var.sql, async (tx) => {
    const before = await lockForEdit(c, tx, kind.table, id, kind.find, kind.missing);
    await edit(tx);
    const after = await rowOr404(kind, tx, id);
    auditChange(c, kind.type, "update", before, after, kind.fields);
    return after;
  });

/** PATCH …/toggle-active's wanted state (toggleBody), or undefined for a flip. */
export const wantedActive = async (c: Context) => (await body(c, toggleBody)).isActive;

/** PATCH …/toggle-active: switches the row on or off (to the state asked for) and audits it. Returns the row after. */
export async function auditedToggle<T extends Row & { isActive: boolean }>(
  c: Context<Env>,
  kind: RowKind<T>,
  id: number,
) {
  const switched = await setActive(c.var.sql, kind.table, id, await wantedActive(c));
  if (!switched) throw kind.missing();
  const row = await rowOr404(kind, c.var.sql, id);
  auditToggle(c, kind.type, row, switched.was);
  return row;
}

/**
 * DELETE: in one transaction, reads the row (for the audit trail), deletes it
 * (404 when `remove` finds none) and audits it. Returns the answer, { success, id }.
 */
export const auditedDelete = <T extends Row>(
  c: Context<Env>,
  kind: RowKind<T>,
  id: number,
  remove: (tx: Queries, id: number) => Promise<boolean>,
) =>
  transaction(c.var.sql, async (tx) => {
    const before = await rowOr404(kind, tx, id);
    if (!(await remove(tx, id))) throw kind.missing();
    auditChange(c, kind.type, "delete", before, null, kind.fields);
    return { success: true, id } satisfies Deleted;
  });

/**
 * DELETE of a row that others may use: in one transaction, locks it, refuses
 * (409) while `inUse` gives a reason, deletes it and audits it. Returns the
 * answer, { success, id }.
 */
export const auditedDeleteUnused = <T extends Row>(
  c: Context<Env>,
  kind: RowKind<T>,
  id: number,
  inUse: (row: T) => string | null,
) =>
  transaction(c.var.sql, async (tx) => {
    if (!(await lockRow(tx, kind.table, id))) throw kind.missing();
    const before = await rowOr404(kind, tx, id);
    const refusal = inUse(before);
    if (refusal !== null) throw conflict(refusal);
    await deleteRow(tx, kind.table, id);
    auditChange(c, kind.type, "delete", before, null, kind.fields);
    return { success: true, id } satisfies Deleted;
  });
