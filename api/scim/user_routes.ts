// /scim/v2/Users (RFC 7644 §3): people listed (filter userName or externalId, paged),
// made, read, replaced (PUT), patched and deleted, through the dashboard's own code:
// the same e-mail and name rules, the same revocations when someone is deactivated,
// the same last-admin rule, the same audit events. A provider may deactivate or delete
// an admin (a leaver), but may not make one active again: who is an admin is decided
// in Threshold (403 `The Admin group is managed in Threshold`).
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import type { Queries } from "../db/connect.ts";
import { found, notFound } from "../http/not_found.ts";
import { assertVersion, lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { auditChange, auditToggle } from "../audit/record.ts";
import { keepingAnAdmin } from "../groups/admins.ts";
import { insertUser } from "../users/repo.ts";
import { EMAIL_TAKEN } from "../users/routes.ts";
import { changePerson, deleteUserAudited, LAST_ADMIN, PERSON, setUserActive } from "../users/changes.ts";
import { adminGroupManaged, scimJson } from "./errors.ts";
import { listFilter } from "./filter.ts";
import { excluded, pageOf } from "./list.ts";
import { readPatch } from "./patch.ts";
import { filterText, resourceId, scimBody, unique } from "./request.ts";
import { findScimUser, inAdminGroup, listScimUsers, type ScimUserRow, setExternalId } from "./repo.ts";
import { answerResource, listResponse, scimUser } from "./resources.ts";
import { checkUser, patchUser, readUser, stateOf, type UserState } from "./user_edit.ts";
import { scimBase } from "./discovery.ts";

/** What a SCIM change of a person shows in the audit trail. */
const FIELDS = ["firstName", "lastName", "email", "externalId"];

async function existing(sql: Queries, id: number) {
  return found(await findScimUser(sql, id), notFound.user);
}

const answerUser = (c: Context<Env>, row: ScimUserRow, status: 200 | 201 = 200) =>
  answerResource(c, scimUser(scimBase(c), row), row.updatedAt, status);

/** Writes what changed between the user as they were and as the request asks, audited. */
async function saveUser(c: Context<Env>, tx: Queries, before: ScimUserRow, state: UserState) {
  const after = checkUser(state);
  const { id } = before;
  if (after.isActive && !before.isActive && (await inAdminGroup(tx, id))) throw adminGroupManaged();
  const person = { firstName: after.firstName, lastName: after.lastName, email: after.email };
  if (person.firstName !== before.firstName || person.lastName !== before.lastName || person.email !== before.email) {
    await unique(changePerson(tx, id, before, person), EMAIL_TAKEN);
  }
  if (after.externalId !== before.externalId) await setExternalId(tx, "users", id, after.externalId);
  auditPersonChange(c, before, { ...before, ...after });
  if (await setUserActive(tx, id, after.isActive)) auditToggle(c, "user", { ...before, ...after }, before.isActive);
  return await existing(tx, id);
}

function auditPersonChange(c: Context<Env>, before: ScimUserRow, after: ScimUserRow) {
  if (FIELDS.some((field) => before[field as keyof ScimUserRow] !== after[field as keyof ScimUserRow])) {
    auditChange(c, "user", "update", before, after, FIELDS);
  }
}

/** PUT and PATCH: the user locked (404, 412 on If-Match), edited as `edit` says, under the last-admin rule. */
const editUser = (c: Context<Env>, edit: (before: ScimUserRow) => UserState) =>
  keepingAnAdmin(c.var.sql, LAST_ADMIN, async (tx) => {
    const id = resourceId(c, "User");
    const before = await lockForEdit(c, tx, "users", id, findScimUser, notFound.user);
    return await saveUser(c, tx, before, edit(before));
  });

export const scimUserRoutes = new Hono<Env>()
  .get("/", async (c) => {
    const text = filterText(c);
    const filter = text === undefined ? undefined : listFilter(text, ["userName", "externalId"] as const);
    const page = pageOf(c);
    const { total, rows } = await listScimUsers(c.var.sql, filter, page);
    const base = scimBase(c);
    const withoutGroups = excluded(c, "groups");
    const users = rows.map((row) => {
      const { groups, ...user } = scimUser(base, row);
      return withoutGroups ? user : { ...user, groups };
    });
    return scimJson(c, listResponse(total, page.startIndex, users));
  })
  .post("/", async (c) => {
    const after = checkUser(readUser(await scimBody(c)));
    const row = await transaction(c.var.sql, async (tx) => {
      // No password: they sign in with single sign-on, or set one from an invitation.
      const id = await unique(
        insertUser(tx, { email: after.email, firstName: after.firstName, lastName: after.lastName, passwordHash: null }),
        EMAIL_TAKEN,
      );
      if (after.externalId !== null) await setExternalId(tx, "users", id, after.externalId);
      if (!after.isActive) await setUserActive(tx, id, false);
      const made = await existing(tx, id);
      auditChange(c, "user", "create", null, made, [...PERSON, "externalId"]);
      return made;
    });
    return answerUser(c, row, 201);
  })
  .get("/:id", async (c) => answerUser(c, await existing(c.var.sql, resourceId(c, "User"))))
  .put("/:id", async (c) => {
    const body = await scimBody(c);
    return answerUser(c, await editUser(c, (before) => readUser(body, stateOf(before))));
  })
  .patch("/:id", async (c) => {
    const operations = readPatch(await scimBody(c));
    const id = resourceId(c, "User");
    return answerUser(
      c,
      await editUser(c, (before) => operations.reduce((state, op) => patchUser(state, op, id), stateOf(before))),
    );
  })
  .delete("/:id", async (c) => {
    const id = resourceId(c, "User");
    await keepingAnAdmin(c.var.sql, LAST_ADMIN, async (tx) => {
      assertVersion(c, await existing(tx, id));
      await deleteUserAudited(c, tx, id);
    });
    return c.body(null, 204);
  });
