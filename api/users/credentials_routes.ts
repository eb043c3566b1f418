// A user's badges (spec 1 §2 user credentials, §7): list, add, edit, remove.
// A verified user's list starts with a synthetic row, id -1, standing for the
// identity verification; it is system managed, so editing or removing it is refused.
import type { Context } from "hono";
import { Hono } from "hono";
import type { Queries } from "../db/connect.ts";
import type { Env } from "../http/env.ts";
import { forbidden, uniqueOr409 } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { assertVersion } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { readBody } from "../http/read_body.ts";
import { credentialBody, SYSTEM_CREDENTIAL_TYPE } from "./schemas.ts";
import { isVerified, verificationOf } from "./repo.ts";
import type { Credential } from "./contract.ts";
import {
  deleteCredential,
  findCredential,
  insertCredential,
  listCredentials,
  updateCredential,
} from "./credentials_repo.ts";
import type { Deleted } from "../http/contract.ts";
import { auditChange } from "../audit/record.ts";

/** What the audit trail shows of a badge. */
const BADGE = ["userId", "type", "facilityCode", "cardCode", "isActive"];

export const SYSTEM_ROW_ID = -1;
const SYSTEM_MANAGED = "This credential is managed by identity verification and cannot be changed";
const CARD_TAKEN = "This card is already registered";

async function verificationRow(sql: Queries, userId: number) {
  const v = await verificationOf(sql, userId);
  if (!v) throw notFound.user();
  if (!isVerified(v.status)) return null;
  const row: Credential = {
    id: SYSTEM_ROW_ID,
    userId,
    type: SYSTEM_CREDENTIAL_TYPE,
    facilityCode: null,
    cardCode: null,
    isActive: true,
    systemManaged: true,
    createdAt: v.verifiedAt,
    updatedAt: v.verifiedAt,
  };
  return row;
}

/** The :credentialId of an editable badge; the synthetic row is refused first. */
function credentialParam(c: Context) {
  if (c.req.param("credentialId") === String(SYSTEM_ROW_ID)) {
    throw forbidden(SYSTEM_MANAGED);
  }
  return idParam(c, "credentialId");
}

export const credentialRoutes = new Hono<Env>()
  .get("/:id/credentials", allow.admin, async (c) => {
    const userId = idParam(c);
    const system = await verificationRow(c.var.sql, userId); // 404 for an unknown user
    const rows = await listCredentials(c.var.sql, userId);
    return c.json(system ? [system, ...rows] : rows);
  })
  .post("/:id/credentials", allow.admin, async (c) => {
    const userId = idParam(c);
    const input = await readBody(c, credentialBody);
    const credential = await uniqueOr409(
      transaction(c.var.sql, async (tx) => {
        const [user] = await tx`select 1 from users where id = ${userId}`;
        if (!user) throw notFound.user();
        return await insertCredential(tx, userId, input);
      }),
      CARD_TAKEN,
    );
    auditChange(c, "credential", "create", null, credential, BADGE);
    return c.json(credential, 201);
  })
  .put("/:id/credentials/:credentialId", allow.admin, async (c) => {
    const userId = idParam(c);
    const id = credentialParam(c);
    const input = await readBody(c, credentialBody);
    const credential = await uniqueOr409(
      transaction(c.var.sql, async (tx) => {
        const current = await findCredential(tx, userId, id, true);
        if (!current) throw notFound.credential();
        assertVersion(c, current as { updatedAt: Date });
        const updated = await updateCredential(tx, userId, id, input);
        auditChange(c, "credential", "update", current, updated ?? null, BADGE);
        return updated;
      }),
      CARD_TAKEN,
    );
    return c.json(credential);
  })
  .delete("/:id/credentials/:credentialId", allow.admin, async (c) => {
    const userId = idParam(c);
    const id = credentialParam(c);
    const before = await findCredential(c.var.sql, userId, id, true);
    if (!before || !(await deleteCredential(c.var.sql, userId, id))) throw notFound.credential();
    auditChange(c, "credential", "delete", before, null, BADGE);
    return c.json({ success: true, id } satisfies Deleted);
  });
