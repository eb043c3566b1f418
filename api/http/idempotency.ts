// Idempotency-Key for mutations (the offline outbox replays with one). The
// handler and the record of its answer commit in ONE transaction, so a crash
// leaves neither and a replay does the work exactly once.
//   same key + same request  → the first answer again (Idempotent-Replayed: true)
//   same key + other request → 422;  first one still running → 409
// Keys are per user and kept 24 hours.
import type { Context, Next } from "hono";
import type { Env } from "./env.ts";
import { ApiError, badRequest } from "./errors.ts";
import type { Queries } from "../db/connect.ts";
import { transaction } from "./transaction.ts";
import { withoutTokens } from "./token_paths.ts";
import { sha256Hex } from "../sha256.ts";

export const KEY_TTL_HOURS = 24;
// A 'running' row this old belongs to a process that died mid-request; its
// transaction rolled back, so the work can safely run again.
const ABANDONED_SECONDS = 60;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[\x21-\x7e]{1,200}$/;

class Rollback extends Error {}

async function fingerprint(c: Context): Promise<string> {
  // The body text Hono keeps: input_rule.ts has read the request itself already.
  const text = `${c.req.method} ${c.req.path}\n${await c.req.text()}`;
  return sha256Hex(text);
}

export async function idempotent(c: Context<Env>, userId: number, next: Next) {
  const key = c.req.header("idempotency-key");
  if (!MUTATING.has(c.req.method) || key === undefined) return await next();
  if (!KEY.test(key)) throw badRequest("Idempotency-Key must be 1-200 visible characters");
  const sql = c.var.sql;
  const hash = await fingerprint(c);

  await sql`delete from idempotency_keys where user_id = ${userId} and key = ${key}
    and created_at < now() - ${KEY_TTL_HOURS} * interval '1 hour'`;
  const [claimed] = await sql`
    insert into idempotency_keys (user_id, key, method, path, request_hash, state)
    values (${userId}, ${key}, ${c.req.method}, ${withoutTokens(c.req.path)}, ${hash}, 'running')
    on conflict (user_id, key) do update set created_at = now()
      where idempotency_keys.state = 'running' and idempotency_keys.request_hash = ${hash}
        and idempotency_keys.created_at < now() - ${ABANDONED_SECONDS} * interval '1 second'
    returning 1`;
  if (!claimed) return await replay(c, sql, userId, key, hash);

  try {
    await transaction(sql, async (tx) => {
      c.set("sql", tx);
      await next();
      const status = c.res.status;
      if (status >= 400) throw new Rollback(); // no partial writes from a failed request
      await record(tx, userId, key, status, await c.res.clone().text());
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      await forget(sql, userId, key);
      throw error;
    }
    // A refusal (4xx) is an answer too: replays get it again. A 5xx may be
    // passing, so the key is released for a retry.
    if (c.res.status < 500) {
      await record(sql, userId, key, c.res.status, await c.res.clone().text());
    } else await forget(sql, userId, key);
  } finally {
    c.set("sql", sql);
  }
}

async function record(sql: Queries, userId: number, key: string, status: number, body: string) {
  await sql`update idempotency_keys set state = 'done', response_status = ${status},
    response_body = ${body} where user_id = ${userId} and key = ${key}`;
}

/**
 * Releases a key whose work did not happen. Only while it is still 'running': a
 * transaction reported lost may have committed all the same (its COMMIT's
 * acknowledgement cut off), and then its recorded answer is what a replay must get.
 */
async function forget(sql: Queries, userId: number, key: string) {
  await sql`delete from idempotency_keys
    where user_id = ${userId} and key = ${key} and state = 'running'`;
}

async function replay(c: Context<Env>, sql: Queries, userId: number, key: string, hash: string) {
  const [row] = await sql<
    { requestHash: string; state: string; responseStatus: number; responseBody: string }[]
  >`
    select request_hash, state, response_status, response_body from idempotency_keys
    where user_id = ${userId} and key = ${key}`;
  const running = () =>
    new ApiError("conflict", "A request with this Idempotency-Key is still in progress", {
      "Retry-After": "1",
    });
  if (!row) throw running();
  if (row.requestHash !== hash) {
    throw new ApiError(
      "idempotency_mismatch",
      "This Idempotency-Key was already used for a different request",
    );
  }
  if (row.state !== "done") throw running();
  // A 204 (a revoked SCIM token) has no body: a Response refuses even an empty one.
  const body = row.responseStatus === 204 ? null : row.responseBody;
  return c.newResponse(body, row.responseStatus as 200, {
    "content-type": "application/json",
    "idempotent-replayed": "true",
  });
}
