// The audit export's rows (RFC 4180, as the access-log export): changes as JSON.
import { csvLine } from "../http/csv_download.ts";
import type { AuditEvent } from "./contract.ts";

export const AUDIT_CSV_HEADER = [
  "ID",
  "Time",
  "Actor Type",
  "Actor ID",
  "Actor",
  "Action",
  "Target Type",
  "Target ID",
  "Target",
  "Changes",
  "IP",
  "User Agent",
  "Request ID",
  "Hash",
];

export const auditCsvLine = (e: AuditEvent) =>
  csvLine([
    e.id,
    e.at,
    e.actor.type,
    e.actor.id,
    e.actor.name,
    e.action,
    e.target?.type,
    e.target?.id,
    e.target?.name,
    JSON.stringify(e.changes),
    e.ip,
    e.userAgent,
    e.requestId,
    e.hash,
  ]);
