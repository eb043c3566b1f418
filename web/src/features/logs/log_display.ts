// Pure pieces of every access-log table (spec 1 §2, §4): outcome display, en-US
// 12-hour times, the query string of a page and of the CSV export, the export's
// file name and the pager text. Used by the user, room, device, group and
// global log pages alike.
import { rangeLabel } from "../../ui/range_label";
import { dayBounds, withQuery } from "../../api/query_url";
import type { LogEntry as ServerLogEntry, LogPage as ServerLogPage } from "../../../../api/logs/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type LogEntry = Json<ServerLogEntry>;

export type LogPage = Json<ServerLogPage>;

export type Outcome = "all" | "success" | "denied";

export type LogFilters = {
  search: string;
  /** An action name, or "all" ("All Events"). */
  event: string;
  outcome: Outcome;
  /** Local days, YYYY-MM-DD, both inclusive; "" for open. */
  from: string;
  to: string;
};

export const NO_FILTERS: LogFilters = { search: "", event: "all", outcome: "all", from: "", to: "" };
export const LOG_PAGE_SIZE = 50;
export const EVENTS_KEY = ["/api/logs/events"] as const;

export type OutcomeDisplay = { label: string; color: "success" | "danger" | "neutral" };

/** success → green "Authorized Access", denied → red "Access Denied", anything else raw. */
export function outcomeDisplay(outcome: string): OutcomeDisplay {
  if (outcome === "success") return { label: "Authorized Access", color: "success" };
  if (outcome === "denied") return { label: "Access Denied", color: "danger" };
  return { label: outcome, color: "neutral" };
}



/** The filters as the API's query parameters; only those that narrow anything. */
export function filterParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set("search", search);
  if (filters.event && filters.event !== "all") params.set("event", filters.event);
  if (filters.outcome !== "all") params.set("outcome", filters.outcome);
  const { from, to } = dayBounds(filters.from, filters.to);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  return params;
}

/** The URL of one page: the query key, fetched by the default query function. */
export function logPageUrl(basePath: string, filters: LogFilters, cursor: string | null, limit = LOG_PAGE_SIZE): string {
  const params = filterParams(filters);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return withQuery(basePath, params);
}

/** Every filtered row as CSV: "/api/users/2/logs" → "/api/users/2/logs/export.csv?…". */
export const csvExportUrl = (basePath: string, filters: LogFilters) =>
  withQuery(`${basePath}/export.csv`, filterParams(filters));

/** The download's name, as the server names it: "user-2-access-logs.csv", "access-logs.csv". */
export function csvFileName(basePath: string): string {
  const match = /^\/api\/(users|rooms|devices|groups)\/(\d+)\/logs\/?$/.exec(basePath);
  if (!match) return "access-logs.csv";
  const kind = match[1].replace(/s$/, "");
  return `${kind}-${match[2]}-access-logs.csv`;
}

const number = new Intl.NumberFormat("en-US");

/** "1-50 of 111", "51-100 of 1,000+", or with no count "51-100 of 100+". */
export function pagerLabel(pageIndex: number, limit: number, page: LogPage | undefined): string {
  const shown = page?.items.length ?? 0;
  const first = pageIndex * limit + 1;
  const last = pageIndex * limit + shown;
  if (!page) return rangeLabel(1, 0, 0);
  if (page.total !== null && page.totalExact) return rangeLabel(first, last, Math.max(page.total, last));
  if (page.total !== null) return rangeLabel(first, last, `${number.format(Math.max(page.total, last))}+`);
  return rangeLabel(first, last, page.nextCursor ? `${number.format(last)}+` : last);
}

export const activeFilterCount = (filters: LogFilters) =>
  (filters.outcome !== "all" ? 1 : 0) + (filters.from ? 1 : 0) + (filters.to ? 1 : 0);
