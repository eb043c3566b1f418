// Pure pieces of the audit screen (spec 3 §5): the query of a page and of the CSV
// export, what a change reads as (before → after), the integrity check's words.
import { dayBounds, withQuery } from "../../api/query_url";
import type {
  AuditEvent as ServerAuditEvent,
  AuditPage as ServerAuditPage,
  AuditVerification as ServerAuditVerification,
} from "../../../../api/audit/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type AuditEvent = Json<ServerAuditEvent>;
export type AuditPage = Json<ServerAuditPage>;
export type AuditVerification = Json<ServerAuditVerification>;

export type AuditFilters = {
  search: string;
  /** An action, or "all". */
  action: string;
  /** Local days, YYYY-MM-DD, both inclusive; "" for open. */
  from: string;
  to: string;
  /** One thing's history ("View history" on its page): its type and id, or "". */
  targetType: string;
  targetId: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = { search: "", action: "all", from: "", to: "", targetType: "", targetId: "" };
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_ACTIONS_KEY = ["/api/audit/actions"] as const;
export const AUDIT_TEXTS = {
  title: "Audit Log",
  subtitle: "Who changed what, and when",
  empty: "No audit events yet.",
  noMatch: "No audit events match your search or filters.",
  fetchFailed: "Failed to fetch the audit log",
  verify: "Verify integrity",
  verifying: "Verifying...",
  verifyFailed: "Could not verify the audit log",
} as const;

/** The filters as the API's query parameters; only those that narrow anything. */
export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set("search", search);
  if (filters.action !== "all") params.set("action", filters.action);
  const { from, to } = dayBounds(filters.from, filters.to);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  if (filters.targetType) params.set("targetType", filters.targetType);
  if (filters.targetId) params.set("targetId", filters.targetId);
  return params;
}

/** One page's URL: the query key the default query function fetches. */
export function auditPageUrl(filters: AuditFilters, cursor: string | null): string {
  const params = auditParams(filters);
  if (cursor) params.set("cursor", cursor);
  return withQuery("/api/audit", params);
}

export const auditExportUrl = (filters: AuditFilters) => withQuery("/api/audit/export", auditParams(filters));

/** A thing's history on the audit screen: "/dash/audit?targetType=room&targetId=5". */
export const historyPath = (type: string, id: number) =>
  withQuery("/dash/audit", { targetType: type, targetId: String(id) });

/** A value of a change as a person reads it: nothing as "—", a named thing by its name. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "object" && !Array.isArray(value) && typeof (value as { name?: unknown }).name === "string") {
    return (value as { name: string }).name;
  }
  return JSON.stringify(value);
}

export type ChangeLine = { field: string; before: string; after: string };

/** Each changed field with its value before and after. */
export const changeLines = (changes: AuditEvent["changes"]): ChangeLine[] =>
  Object.entries(changes).map(([field, [before, after]]) => ({ field, before: changeValue(before), after: changeValue(after) }));

/** "Integrity verified: 1,204 events" or "Integrity check failed at event #87". */
export function verificationText(result: AuditVerification): string {
  return result.ok
    ? `Integrity verified: ${new Intl.NumberFormat("en-US").format(result.count)} events`
    : `Integrity check failed at event #${result.brokenAt}`;
}

/** The target as one line: "Main Lobby (room #5)"; "—" for none. */
export function targetText(target: AuditEvent["target"]): string {
  if (!target) return "—";
  const what = target.id === null ? target.type : `${target.type} #${target.id}`;
  return target.name ? `${target.name} (${what})` : what;
}

/** The actor as one line: a person's name, or Threshold itself. */
export const actorText = (actor: AuditEvent["actor"]) => (actor.type === "system" ? `${actor.name} (system)` : actor.name);

/** The filters read from the screen's address: a thing's history arrives that way. */
export function filtersFromSearch(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const targetId = params.get("targetId") ?? "";
  return {
    ...NO_AUDIT_FILTERS,
    targetType: params.get("targetType") ?? "",
    targetId: /^[1-9]\d{0,9}$/.test(targetId) ? targetId : "",
  };
}
