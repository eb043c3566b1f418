// Who is calling /scim/v2: an identity provider with a bearer token an admin made
// (scim/token_routes.ts). No cookie is ever read here: a browser's session opens
// nothing under /scim/v2. Each request's token is looked up in the database, so one
// revoked through any process is refused at once by every one.
//
// A change runs in one transaction with its audit events, written as it commits with
// the actor { type: "system", name: "SCIM: <token name>" }; a refusal (4xx, 5xx)
// rolls it back whole. Unlike an admin's change on the dashboard (audit/record.ts),
// a SCIM change may record nothing: providers resend what is already so (an active
// person made active), and that changes nothing to record.
import { createMiddleware } from "hono/factory";
import type { Env } from "../http/env.ts";
import { transaction } from "../http/transaction.ts";
import { clientAddress } from "../auth/sessions.ts";
import { linkTokenHash } from "../auth/tokens.ts";
import { type AuditEntry, writeEvent } from "../audit/record.ts";
import type { Actor } from "../audit/contract.ts";
import { unauthorized } from "./errors.ts";
import { useScimToken } from "./tokens_repo.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_USER_AGENT = 500;
const BEARER = /^Bearer +(\S+) *$/i;

class Refused extends Error {}

export const scimClient = createMiddleware<Env>(async (c, next) => {
  const token = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (!token) throw unauthorized("A SCIM token is required: Authorization: Bearer <token>");
  const hash = await linkTokenHash(token);
  const client = hash ? await useScimToken(c.var.sql, hash) : undefined;
  if (!client) throw unauthorized("This SCIM token is not valid or was revoked");
  const actor: Actor = { type: "system", id: null, name: `SCIM: ${client.name}` };
  if (!MUTATING.has(c.req.method)) return await next();

  const entries: AuditEntry[] = [];
  const outer = c.var.sql;
  const request = {
    ip: clientAddress(c),
    userAgent: c.req.header("user-agent")?.slice(0, MAX_USER_AGENT) ?? null,
    requestId: c.var.requestId,
  };
  c.set("audit", entries);
  try {
    await transaction(outer, async (tx) => {
      c.set("sql", tx);
      await next();
      if (c.res.status >= 400) throw new Refused();
      for (const entry of entries) await writeEvent(tx, entry, actor, request);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  } finally {
    c.set("sql", outer);
  }
});
