// The audit trail's calls (spec 3 §5): pages, the CSV export of every filtered
// event, and the chain's check. Admin only; nothing here changes anything.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { query } from "../http/validate.ts";
import { csvDownload } from "../http/csv_download.ts";
import { allow } from "../auth/access.ts";
import { auditQuery } from "./schemas.ts";
import { allEvents, auditActions, auditPage, verifyChain } from "./repo.ts";
import { AUDIT_CSV_HEADER, auditCsvLine } from "./csv.ts";

export const auditRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await auditPage(c.var.sql, query(c, auditQuery))))
  .get("/export", allow.admin, (c) => {
    const { cursor: _cursor, ...filter } = query(c, auditQuery);
    return csvDownload(
      c,
      "audit-log",
      AUDIT_CSV_HEADER,
      allEvents(c.var.sql, filter),
      auditCsvLine,
    );
  })
  // Not in the spec: the actions recorded so far, for the screen's action filter.
  .get("/actions", allow.admin, async (c) => c.json(await auditActions(c.var.sql)))
  .get("/verify", allow.admin, async (c) => c.json(await verifyChain(c.var.sql)));
