// The users and groups screens show the server's error text as it is, and spec 1
// §5 gives those texts as whole sentences ("Please enter a valid email address").
// So these bodies are checked with schemas whose messages are complete, and a 400
// carries the messages alone, without the field paths http/validate.ts prefixes.
import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "./errors.ts";
import { body } from "./validate.ts";

export function parseSentences<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = new Set(result.error.issues.map((issue) => issue.message));
  throw badRequest([...messages].join("; "));
}

/** A JSON object body (empty means {}), checked against a schema of whole-sentence messages. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const value = await body(c, z.unknown());
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("Request body must be a JSON object");
  }
  return parseSentences(schema, value);
}
