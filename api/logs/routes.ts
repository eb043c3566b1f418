// Access-log calls: the global log and the log of a user, room, device or group,
// each as JSON pages and as a CSV download of every filtered row. Admin only.
import { type Context, Hono } from "hono";
import type { Env } from "../http/env.ts";
import { notFound } from "../http/not_found.ts";
import { idParam, query } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import { allRows, logEvents, logPage, type LogScope } from "./query.ts";
import { logQuery } from "./schemas.ts";
import { CSV_HEADER, csvLine, logCsvLine } from "./csv.ts";

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
  return c.json(await logPage(c.var.sql, scope, filter));
};

const exportCsv = (kind: Kind | "all") => async (c: Context<Env>) => {
  const { limit: _limit, cursor: _cursor, ...filter } = query(c, logQuery);
  const scope = await scopeOf(c, kind);
  const sql = c.var.sql;
  const log = c.var.log;
  const name = scope.kind === "all" ? "access-logs" : `${scope.kind}-${scope.id}-access-logs`;
  const encoder = new TextEncoder();
  const batches = allRows(sql, scope, filter);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(logCsvLine).join("")));
      } catch (error) {
        // The status is already sent: cut the download short so it is not taken as whole.
        log.error("log export failed", { error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return c.body(stream, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}.csv"`,
    "cache-control": "no-store",
  });
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
