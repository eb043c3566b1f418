// Idempotency-Key for mutations (the offline outbox replays with one). The
// handler and the record of its answer commit in ONE transaction, so a crash
// leaves neither and a replay does the work exactly once.
//   same key + same request  → the first answer again (Idempotent-Replayed: true)
//   same key + other request → 422;  first one still running → 409
// Keys are per user and kept 24 hours.
//
// "Still running" is a transaction-scoped advisory lock on the key, held by the
// request doing the work until its transaction ends. PostgreSQL releases it when
// that request's connection goes, so the key of a process that died mid-request is
// free at once (no guess at how long a request may take: a slow one is never run
// twice, a dead one never blocks its replay).
import type { Context, Next } from "hono";
import type { Env } from "./env.ts";
import { ApiError, badRequest } from "./errors.ts";
import { transaction } from "./transaction.ts";
import { withoutTokens } from "./token_paths.ts";
import { sha256Hex } from "../sha256.ts";

export const KEY_TTL_HOURS = 24;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY = /^[\x21-\x7e]{1,200}$/;

/** The name of the advisory lock a request holds on its key while it runs. */
export const keyLockName = (userId: number, key: string) => `idempotency-key ${userId} ${key}`;

class Rollback extends Error {}

async function fingerprint(c: Context): Promise<string> {
  // The body text Hono keeps: input_rule.ts has read the request itself already.
  const text = `${c.req.method} ${c.req.path}\n${await c.req.text()}`;
  return sha256Hex(text);
}

type KeyRow = { requestHash: string; responseStatus: number; responseBody: string };

export async function idempotent(c: Context<Env>, userId: number, next: Next) {
  const key = c.req.header("idempotency-key");
  if (!MUTATING.has(c.req.method) || key === undefined) return await next();
  if (!KEY.test(key)) throw badRequest("Idempotency-Key must be 1-200 visible characters");
  const sql = c.var.sql;
  const hash = await fingerprint(c);

  try {
    return await transaction(sql, async (tx) => {
      const [{ free }] = await tx<{ free: boolean }[]>`
        select pg_try_advisory_xact_lock(hashtextextended(${keyLockName(userId, key)}, 0)) as free`;
      if (!free) throw running();
      // Read after the lock, in a statement of its own: its snapshot then holds the
      // answer of a request that ended just before (read in one statement with the
      // lock, the snapshot could predate it, and the work would run twice).
      const [row] = await tx<KeyRow[]>`
        select request_hash, response_status, response_body from idempotency_keys
        where user_id = ${userId} and key = ${key} and state = 'done'
          and created_at >= now() - ${KEY_TTL_HOURS} * interval '1 hour'`;
      if (row) return replay(c, row, hash);
      // A refusal rolls back what the handler wrote, not the record of its answer.
      await tx.savepoint(async (handler) => {
        c.set("sql", handler);
        await next();
        if (c.res.status >= 400) throw new Rollback();
      }).catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
      // A 5xx may be passing: nothing is recorded, and the key is free for a retry.
      if (c.res.status >= 500) throw new Rollback();
      // Over a key's older row, which is no answer: one kept past KEY_TTL_HOURS (until
      // housekeeping's pass), or a 'running' one, as releases before this one claimed
      // keys, left by a process that died.
      await tx`insert into idempotency_keys
          (user_id, key, method, path, request_hash, state, response_status, response_body)
        values (${userId}, ${key}, ${c.req.method}, ${withoutTokens(c.req.path)}, ${hash}, 'done',
          ${c.res.status}, ${await c.res.clone().text()})
        on conflict (user_id, key) do update set created_at = now(), method = excluded.method, path = excluded.path,
          request_hash = excluded.request_hash, state = 'done', response_status = excluded.response_status,
          response_body = excluded.response_body`;
      return undefined;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  } finally {
    c.set("sql", sql);
  }
}

const running = () =>
  new ApiError("conflict", "A request with this Idempotency-Key is still in progress", {
    "Retry-After": "1",
  });

/** The recorded answer again, or 422 when the key came with another request. */
function replay(c: Context<Env>, row: KeyRow, hash: string) {
  if (row.requestHash !== hash) {
    throw new ApiError(
      "idempotency_mismatch",
      "This Idempotency-Key was already used for a different request",
    );
  }
  // A 204 (a revoked SCIM token) has no body: a Response refuses even an empty one.
  const body = row.responseStatus === 204 ? null : row.responseBody;
  return c.newResponse(body, row.responseStatus as 200, {
    "content-type": "application/json",
    "idempotent-replayed": "true",
  });
}
