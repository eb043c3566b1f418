// Every body, param and query goes through a zod schema; failures become 400s
// with a message a person can read, and the handler never runs.
import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors.ts";

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
  // Size is enforced before reading by the bodyLimit middleware in app.ts.
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("Request body must be valid JSON");
    }
  }
  return parse(schema, value);
}

/** A positive integer path parameter, e.g. the {id} of /api/users/{id}. */
export function idParam(c: Context, name = "id"): number {
  return parse(z.object({ [name]: id }), { [name]: c.req.param(name) })[name];
}

export const id = z.coerce.number({ error: "must be a number" }).int("must be a whole number")
  .positive("must be positive").max(2_147_483_647, "is too large");

export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parse(schema, c.req.query());
}
