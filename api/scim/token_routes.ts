// The SCIM bearer tokens (spec 4 §6), admin only, every change audited: made with a
// name (the token answered this once, only its SHA-256 kept), listed with when each
// was last used, and revoked (204; the row is deleted, so it stops working at once
// in every process: /scim/v2 looks each request's token up in the database).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { uniqueOr409 } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { readBody } from "../http/read_body.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { auditChange } from "../audit/record.ts";
import type { NewScimToken } from "./contract.ts";
import { SCIM_TOKEN_MESSAGES, scimTokenBody } from "./token_schemas.ts";
import { deleteScimToken, insertScimToken, listScimTokens } from "./tokens_repo.ts";

/** What the audit trail shows of a token: its name (never the token or its hash). */
const TOKEN = ["name"];

export const scimTokenRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listScimTokens(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const { name } = await readBody(c, scimTokenBody);
    const token = newToken();
    const hash = hashToken(token);
    // A savepoint, so a clash does not spoil an enclosing (idempotent) transaction.
    const made = await uniqueOr409(
      transaction(c.var.sql, (tx) => insertScimToken(tx, name, hash)),
      SCIM_TOKEN_MESSAGES.nameTaken,
    );
    auditChange(c, "scim_token", "create", null, made, TOKEN);
    return c.json({ ...made, token } satisfies NewScimToken, 201);
  })
  .delete("/:id", allow.admin, async (c) => {
    const revoked = found(await deleteScimToken(c.var.sql, idParam(c)), notFound.scimToken);
    auditChange(c, "scim_token", "revoke", revoked, null, TOKEN);
    return c.body(null, 204);
  });
