// Every request's database work has one scope (db/guard.ts): the statements a
// handler issues through c.var.sql share it. Once the request has been answered with
// an error, or one of its statements got no answer in time, the scope is closed:
// statements the request still issues are refused, and a transaction of it that gets
// its connection only now rolls back without running anything. So a request answered
// 503 never acts afterwards, whatever was still waiting inside the driver for it.
// A request answered with success keeps its scope: a streamed body (the CSV export)
// goes on reading after the handler has returned.
// The access decisions' deadline starts with the scope: DECISION_DEADLINE_MS from
// the moment the request arrived (access/decisions.ts).
import { createMiddleware } from "hono/factory";
import type { Env } from "./env.ts";
import type { Sql } from "../db/connect.ts";
import { newScope, poolOf, withScope } from "../db/guard.ts";

export const databaseScope = createMiddleware<Env>(async (c, next) => {
  if (!poolOf(c.var.sql)) return await next(); // not a guarded pool (never in the app itself)
  const scope = newScope();
  c.set("sql", withScope(c.var.sql as Sql, scope));
  try {
    await next();
  } catch (error) {
    scope.ended = true;
    throw error;
  }
  if (c.error || c.res.status >= 500) scope.ended = true;
});
