// A list's query (RFC 7644 §3.4.2): its filter, startIndex (1-based) and count.
// count is capped at MAX_RESULTS (ServiceProviderConfig's filter.maxResults); a
// startIndex below 1 is 1 and a negative count 0, as §3.4.2.4 asks.
import type { Context } from "hono";
import { invalidValue } from "./errors.ts";
import type { Page } from "./repo.ts";

export const MAX_RESULTS = 1_000;
export const DEFAULT_COUNT = 100;

function integer(c: Context, name: string): number | undefined {
  const value = c.req.query(name);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d{1,9}$/.test(value.trim())) throw invalidValue(`${name} must be a whole number`);
  return Number(value);
}

export function pageOf(c: Context): Page {
  return {
    startIndex: Math.max(1, integer(c, "startIndex") ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, integer(c, "count") ?? DEFAULT_COUNT)),
  };
}

/** excludedAttributes=members (Entra asks for groups so): whether `name` is left out. */
export const excluded = (c: Context, name: string) =>
  (c.req.query("excludedAttributes") ?? "").split(",").some((item) =>
    item.trim().toLowerCase() === name.toLowerCase()
  );
