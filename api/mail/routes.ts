// GET /api/mail (admin; spec 4 §3): the latest 200 messages and how their sending went,
// never their bodies (they hold links that sign people in).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";
import type { MailStatus } from "./contract.ts";

const LATEST = 200;

export const mailRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) =>
    c.json(
      await c.var.sql<MailStatus[]>`
        select id::int, to_address as to, subject, status, attempts, last_error, created_at, sent_at
        from mail_messages order by id desc limit ${LATEST}`,
    ));
