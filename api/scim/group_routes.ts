// /scim/v2/Groups (RFC 7644 §3): groups listed (filter displayName or externalId,
// paged, excludedAttributes=members), made, read, replaced, patched and deleted,
// their members added and removed through the dashboard's own code
// (groups/members.ts: only active people join, each change audited). The group Admin
// is Threshold's: never listed, and any request naming it, making it, renaming a
// group to it or joining it is refused (403 `The Admin group is managed in Threshold`).
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import type { Queries } from "../db/connect.ts";
import { deleteRow } from "../db/rows.ts";
import { found, notFound } from "../http/not_found.ts";
import { assertVersion, lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { auditChange } from "../audit/record.ts";
import { insertGroup, renameGroup } from "../groups/repo.ts";
import { NAME_TAKEN } from "../groups/routes.ts";
import { addMember, removeMember } from "../groups/members.ts";
import { adminGroupManaged, invalidValue, scimJson } from "./errors.ts";
import { listFilter } from "./filter.ts";
import { excluded, pageOf } from "./list.ts";
import { readPatch } from "./patch.ts";
import { filterText, resourceId, scimBody, unique } from "./request.ts";
import {
  ADMIN_GROUP,
  existingUserIds,
  findScimGroup,
  isAdminGroup,
  listScimGroups,
  type ScimGroupRow,
  setExternalId,
} from "./repo.ts";
import { answerResource, listResponse, scimGroup } from "./resources.ts";
import { type GroupState, patchGroup, readGroup, stateOfGroup } from "./group_edit.ts";
import { scimBase } from "./discovery.ts";

/** What a SCIM change of a group shows in the audit trail (its members: group.member.*). */
const FIELDS = ["name", "externalId"];

async function existing(sql: Queries, id: number, withMembers = true) {
  return found(await findScimGroup(sql, id, withMembers), notFound.group);
}

/** The group's id from the path; 403 when it is the Admin group. */
async function groupId(c: Context<Env>) {
  const id = resourceId(c, "Group");
  if (await isAdminGroup(c.var.sql, id)) throw adminGroupManaged();
  return id;
}

/** No group is named Admin through SCIM, in any case: it would be (or clash with) Threshold's own. */
function notAdmin(name: string) {
  if (name.toLowerCase() === ADMIN_GROUP.toLowerCase()) throw adminGroupManaged();
}

const answerGroup = (c: Context<Env>, row: ScimGroupRow, status: 200 | 201 = 200) =>
  answerResource(c, scimGroup(scimBase(c), row), row.updatedAt, status);

/** Members joining and leaving, each audited; a member must be an existing user (400 otherwise). */
async function changeMembers(c: Context<Env>, tx: Queries, id: number, before: Set<number>, after: Set<number>) {
  const joining = [...after].filter((member) => !before.has(member));
  const known = await existingUserIds(tx, joining);
  const unknown = joining.find((member) => !known.has(member));
  if (unknown !== undefined) throw invalidValue(`No user with id ${unknown}`);
  for (const member of before) if (!after.has(member)) await removeMember(c, tx, id, member);
  for (const member of joining) await addMember(c, tx, id, member);
}

/** Writes what changed between the group as it was and as the request asks, audited. */
async function saveGroup(c: Context<Env>, tx: Queries, before: ScimGroupRow, state: GroupState) {
  notAdmin(state.displayName);
  const { id } = before;
  if (state.displayName !== before.name) await unique(renameGroup(tx, id, state.displayName), NAME_TAKEN);
  if (state.externalId !== before.externalId) await setExternalId(tx, "groups", id, state.externalId);
  const after = { ...before, name: state.displayName, externalId: state.externalId };
  if (before.name !== after.name || before.externalId !== after.externalId) {
    auditChange(c, "group", "update", before, after, FIELDS);
  }
  await changeMembers(c, tx, id, stateOfGroup(before).members, state.members);
  return await existing(tx, id);
}

/** PUT and PATCH: the group locked (404, 412 on If-Match), edited as `edit` says. */
async function editGroup(c: Context<Env>, edit: (before: ScimGroupRow) => GroupState) {
  const id = await groupId(c);
  return await transaction(c.var.sql, async (tx) => {
    const before = await lockForEdit(c, tx, "groups", id, findScimGroup, notFound.group);
    return await saveGroup(c, tx, before, edit(before));
  });
}

export const scimGroupRoutes = new Hono<Env>()
  .get("/", async (c) => {
    const text = filterText(c);
    const filter = text === undefined ? undefined : listFilter(text, ["displayName", "externalId"] as const);
    const page = pageOf(c);
    const { total, rows } = await listScimGroups(c.var.sql, filter, page, !excluded(c, "members"));
    const base = scimBase(c);
    return scimJson(c, listResponse(total, page.startIndex, rows.map((row) => scimGroup(base, row))));
  })
  .post("/", async (c) => {
    const state = readGroup(await scimBody(c));
    notAdmin(state.displayName);
    const row = await transaction(c.var.sql, async (tx) => {
      const id = await unique(
        insertGroup(tx, { name: state.displayName, description: null, isActive: true, lockdownOverride: false }),
        NAME_TAKEN,
      );
      if (state.externalId !== null) await setExternalId(tx, "groups", id, state.externalId);
      const made = await existing(tx, id);
      auditChange(c, "group", "create", null, made, FIELDS);
      await changeMembers(c, tx, id, new Set(), state.members);
      return await existing(tx, id);
    });
    return answerGroup(c, row, 201);
  })
  .get("/:id", async (c) => answerGroup(c, await existing(c.var.sql, await groupId(c), !excluded(c, "members"))))
  .put("/:id", async (c) => {
    const state = readGroup(await scimBody(c));
    return answerGroup(c, await editGroup(c, () => state));
  })
  .patch("/:id", async (c) => {
    const operations = readPatch(await scimBody(c));
    return answerGroup(
      c,
      await editGroup(c, (before) => operations.reduce((state, op) => patchGroup(state, op, before.id), stateOfGroup(before))),
    );
  })
  .delete("/:id", async (c) => {
    const id = await groupId(c);
    await transaction(c.var.sql, async (tx) => {
      const before = await existing(tx, id, false);
      assertVersion(c, before);
      // Its memberships and room grants go with it (on delete cascade).
      if (!(await deleteRow(tx, "groups", id))) throw notFound.group();
      auditChange(c, "group", "delete", before, null, FIELDS);
    });
    return c.body(null, 204);
  });
