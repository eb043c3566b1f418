// A SCIM request's input: its JSON body and the id in its path. SCIM has no
// Idempotency-Key and is not under /api, so http/input_rule.ts does not run here; the
// same text rule (http/clean_text.ts) does, answered in SCIM's words.
import type { Context } from "hono";
import { uniqueOr } from "../http/errors.ts";
import { jsonTextProblem, textProblem } from "../http/clean_text.ts";
import { isCanonicalId } from "../http/schema_parts.ts";
import { invalidFilter, invalidSyntax, invalidValue, resourceNotFound, uniqueness } from "./errors.ts";

/** The JSON body, or 400 invalidSyntax (not JSON) or invalidValue (control characters, broken Unicode). */
export async function scimBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidSyntax("The request body must be valid JSON");
  }
  const problem = jsonTextProblem(value);
  if (problem) throw invalidValue(problem);
  return value;
}

/**
 * The resource id in the path. Ids are Threshold's row ids; anything else names no
 * resource (404), except text no id can hold (control characters: 400).
 */
export function resourceId(c: Context, type: "User" | "Group"): number {
  const id = c.req.param("id") ?? "";
  const problem = textProblem(id);
  if (problem) throw invalidValue(`id ${problem}`);
  if (!isCanonicalId(id)) throw resourceNotFound(type);
  return Number(id);
}

/** The filter of a list, when there is one; 400 invalidFilter when it is not clean text or too long. */
export function filterText(c: Context): string | undefined {
  const value = c.req.query("filter");
  if (value === undefined || value.trim() === "") return undefined;
  const problem = textProblem(value);
  if (problem) throw invalidFilter(`filter ${problem}`);
  if (value.length > MAX_FILTER) throw invalidFilter(`A filter may be at most ${MAX_FILTER} characters`);
  return value;
}

const MAX_FILTER = 1_000;

/** Awaits work; a unique clash in it is 409 uniqueness with `detail`. */
export const unique = <T>(work: Promise<T>, detail: string): Promise<T> => uniqueOr(work, () => uniqueness(detail));
