// Every body, param and query goes through a zod schema; failures become 400s
// with a message a person can read, and the handler never runs.
import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors.ts";
import { parseId, requestJson } from "./input_rule.ts";

export const MAX_BODY_BYTES = 64 * 1024;

export function describe(error: z.ZodError): string {
  return error.issues
    .map((
      issue,
    ) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error));
  return result.data;
}

/** Reads and validates a JSON body. An empty body is treated as {}. */
export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // Size is enforced before reading by the bodyLimit middleware in app.ts; JSON
  // and text rules by input_rule.ts, which parsed it already.
  return parse(schema, await requestJson(c));
}

/** A positive integer path parameter, e.g. the {id} of /api/users/{id}: "26", never "026". */
export function idParam(c: Context, name = "id"): number {
  return parseId(name, c.req.param(name));
}

export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parse(schema, c.req.query());
}
