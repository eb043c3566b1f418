// What the audit calls answer and take (spec 3 §5): the one definition the
// server's SQL and the web's audit screen both use. Zod and schema files only.
import type { z } from "zod";
import type { auditQuery } from "./schemas.ts";

/** Who did it: a person, a door controller, or Threshold itself (pruning, the CLI). */
export type Actor = { type: "user" | "device" | "system"; id: number | null; name: string };

/** What it was done to, named as it was at the time (a later rename does not change it). */
export type Target = { type: string; id: number | null; name: string | null };

/** `{ field: [before, after] }` of the fields that changed; secrets only as "[redacted]". */
export type Changes = Record<string, [unknown, unknown]>;

export type AuditEvent = {
  id: number;
  at: Date;
  actor: Actor;
  action: string;
  target: Target | null;
  changes: Changes;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  hash: string;
};

/** GET /api/audit: newest first, 50 a page; nextCursor null on the last page. */
export type AuditPage = { items: AuditEvent[]; nextCursor: string | null };

/** GET /api/audit/verify. */
export type AuditVerification =
  | { ok: true; count: number; lastHash: string | null }
  | { ok: false; brokenAt: number };

/** The query parameters of GET /api/audit and its export. */
export type AuditQueryRequest = z.input<typeof auditQuery>;
