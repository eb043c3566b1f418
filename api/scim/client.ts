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
import { linkTokenHash } from "../auth/tokens.ts";
import { audited } from "../audit/record.ts";
import { unauthorized } from "./errors.ts";
import { useScimToken } from "./tokens_repo.ts";

const BEARER = /^Bearer +(\S+) *$/i;

export const scimClient = createMiddleware<Env>(async (c, next) => {
  const token = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (!token) throw unauthorized("A SCIM token is required: Authorization: Bearer <token>");
  const hash = linkTokenHash(token);
  const client = hash ? await useScimToken(c.var.sql, hash) : undefined;
  if (!client) throw unauthorized("This SCIM token is not valid or was revoked");
  await audited(c, next, {
    mustRecord: false,
    refusalUndoes: true,
    actor: { type: "system", id: null, name: `SCIM: ${client.name}` },
  });
});
