// Every /api request's input is checked here before its route does anything,
// from the access-rule handler that every route names first (auth/access.ts):
//   path parameters  an id (id, roomId, userId, …) is a canonical positive integer;
//                    any other parameter is clean text (http/clean_text.ts);
//   query values     clean text;
//   body             on POST/PUT/PATCH/DELETE: empty, or valid JSON whose strings and
//                    keys are clean text, whether or not the route reads a body.
// The parsed body is kept for validate.ts's body(), so it is read and parsed once.
import type { Context } from "hono";
import { badRequest } from "./errors.ts";
import { jsonTextProblem, textProblem } from "./clean_text.ts";
import { ID_MESSAGE, isCanonicalId } from "./schema_parts.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// Density names its spaces with its own strings; every other …Id in a path is a row.
const NOT_ROW_IDS = new Set(["spaceId"]);
// Spec 1 §2: the synthetic identity-verification row of a user's credentials is
// id -1; its routes answer 403 (system managed) for it, so it passes this check.
const RESERVED_IDS: Record<string, string> = { credentialId: "-1" };

const isRowId = (name: string) => (name === "id" || name.endsWith("Id")) && !NOT_ROW_IDS.has(name);

/** A path id as a number; 400 naming the parameter unless it is canonical. */
export function parseId(name: string, value: string | undefined): number {
  if (!isCanonicalId(value)) throw badRequest(`${name}: ${ID_MESSAGE}`);
  return Number(value);
}

const parsed = new WeakMap<object, unknown>();

/** The request's JSON body ({} when empty), refused with a 400 unless valid and clean. */
export async function requestJson(c: Context): Promise<unknown> {
  if (parsed.has(c.req)) return parsed.get(c.req);
  // Hono keeps the text, so later readers (idempotency, webhook signatures) get it too.
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("Request body must be valid JSON");
    }
    const problem = jsonTextProblem(value);
    if (problem) throw badRequest(problem);
  }
  parsed.set(c.req, value);
  return value;
}

export async function checkInput(c: Context): Promise<void> {
  for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
    if (!isRowId(name)) {
      const problem = textProblem(value);
      if (problem) throw badRequest(`${name}: ${problem}`);
    } else if (RESERVED_IDS[name] !== value) parseId(name, value);
  }
  if (c.req.url.includes("?")) {
    for (const [name, values] of Object.entries(c.req.queries())) {
      const problem = textProblem(name);
      if (problem) throw badRequest(`query parameter names ${problem}`);
      for (const value of values) {
        const problem = textProblem(value);
        if (problem) throw badRequest(`${name}: ${problem}`);
      }
    }
  }
  if (MUTATING.has(c.req.method)) await requestJson(c);
}
