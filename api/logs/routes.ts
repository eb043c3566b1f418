// Access-log calls: the global log and the log of a user, room, device or group,
// each as JSON pages and as a CSV download of every filtered row. Admin only.
import { type Context, Hono } from "hono";
import type { Env } from "../http/env.ts";
import { notFound } from "../http/not_found.ts";
import { idParam, query } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import { allRows, logEvents, logPage, type LogScope } from "./query.ts";
import { logQuery } from "./schemas.ts";
import { CSV_HEADER, logCsvLine } from "./csv.ts";
import { csvDownload } from "../http/csv_download.ts";

type Kind = Exclude<LogScope["kind"], "all">;
const TABLE = { user: "users", room: "rooms", device: "devices", group: "groups" } as const;

async function scopeOf(c: Context<Env>, kind: Kind | "all"): Promise<LogScope> {
  if (kind === "all") return { kind };
  const id = idParam(c);
  const sql = c.var.sql;
  const [row] = await sql`select 1 from ${sql(TABLE[kind])} where id = ${id}`;
  if (!row) throw notFound[kind]();
  return { kind, id };
}

const page = (kind: Kind | "all") => async (c: Context<Env>) => {
  const filter = query(c, logQuery);
  const scope = await scopeOf(c, kind);
  return c.json(await logPage(c.var.sql, scope, filter, c.var.config.logCountBudgetMs));
};

const exportCsv = (kind: Kind | "all") => async (c: Context<Env>) => {
  const { limit: _limit, cursor: _cursor, ...filter } = query(c, logQuery);
  const scope = await scopeOf(c, kind);
  const name = scope.kind === "all" ? "access-logs" : `${scope.kind}-${scope.id}-access-logs`;
  return csvDownload(c, name, CSV_HEADER, allRows(c.var.sql, scope, filter), logCsvLine);
};

export const logRoutes = new Hono<Env>()
  .get("/logs", allow.admin, page("all"))
  .get("/logs/export.csv", allow.admin, exportCsv("all"))
  .get("/logs/events", allow.admin, async (c) => c.json(await logEvents(c.var.sql)))
  .get("/users/:id/logs", allow.admin, page("user"))
  .get("/users/:id/logs/export.csv", allow.admin, exportCsv("user"))
  .get("/rooms/:id/logs", allow.admin, page("room"))
  .get("/rooms/:id/logs/export.csv", allow.admin, exportCsv("room"))
  .get("/devices/:id/logs", allow.admin, page("device"))
  .get("/devices/:id/logs/export.csv", allow.admin, exportCsv("device"))
  .get("/groups/:id/logs", allow.admin, page("group"))
  .get("/groups/:id/logs/export.csv", allow.admin, exportCsv("group"));
