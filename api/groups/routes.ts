// Groups calls of spec 1 §7, admin only: lists, single group, edits, activation,
// deletion and membership. Room grants of a group are document 2 (api/rooms).
import { Hono } from "hono";
import type { Queries } from "../db/connect.ts";
import { deleteRow, lockRow, setActive } from "../db/rows.ts";
import { wantedActive } from "../http/audited_rows.ts";
import type { Env } from "../http/env.ts";
import { uniqueOr409 } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { readBody } from "../http/read_body.ts";
import { keepingAnAdmin } from "./admins.ts";
import { addMember, removeMember } from "./members.ts";
import * as s from "./schemas.ts";
import {
  findGroup,
  findMember,
  insertGroup,
  listGroups,
  listGroupsWithCounts,
  membersOf,
  updateGroup,
} from "./repo.ts";
import type { Deleted } from "../http/contract.ts";
import type { MemberRemoved } from "./contract.ts";
import { auditChange, auditToggle } from "../audit/record.ts";

/** What the audit trail shows of a group. */
const GROUP = ["name", "description", "isActive", "lockdownOverride"];

export const NAME_TAKEN = "A group with this name already exists";

const existingGroup = async (sql: Queries, id: number) =>
  found(await findGroup(sql, id), notFound.group);

export const groupRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listGroups(c.var.sql)))
  // Before /:id, so the static segment is never read as an id.
  .get("/with-counts", allow.admin, async (c) => c.json(await listGroupsWithCounts(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const input = await readBody(c, s.createGroupBody);
    // A savepoint, so a clash does not spoil an enclosing (idempotent) transaction.
    const id = await uniqueOr409(
      transaction(c.var.sql, (tx) => insertGroup(tx, input)),
      NAME_TAKEN,
    );
    const group = await existingGroup(c.var.sql, id);
    auditChange(c, "group", "create", null, group, GROUP);
    return c.json(group, 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await existingGroup(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, s.updateGroupBody);
    // Renaming the Admin group would make nobody an admin: refused like the rest.
    await uniqueOr409(
      keepingAnAdmin(
        c.var.sql,
        "Renaming the Admin group would leave no active administrator",
        async (tx) => {
          const before = await lockForEdit(c, tx, "groups", id, findGroup, notFound.group);
          await updateGroup(tx, id, input);
          auditChange(c, "group", "update", before, await existingGroup(tx, id), GROUP);
        },
      ),
      NAME_TAKEN,
    );
    return c.json(await existingGroup(c.var.sql, id));
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => {
    const id = idParam(c);
    const refusal = "The Admin group cannot be deactivated: no active administrator would be left";
    const wanted = await wantedActive(c);
    const switched = await keepingAnAdmin(c.var.sql, refusal, async (tx) => {
      const switched = await setActive(tx, "groups", id, wanted);
      if (!switched) throw notFound.group();
      return switched;
    });
    const group = await existingGroup(c.var.sql, id);
    auditToggle(c, "group", group, switched.was);
    return c.json(group);
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const refusal = "The Admin group cannot be deleted: no active administrator would be left";
    await keepingAnAdmin(c.var.sql, refusal, async (tx) => {
      // Its memberships and room grants go with it (on delete cascade).
      const before = await existingGroup(tx, id);
      if (!(await deleteRow(tx, "groups", id))) throw notFound.group();
      auditChange(c, "group", "delete", before, null, GROUP);
    });
    return c.json({ success: true, id } satisfies Deleted);
  })
  .get("/:id/users", allow.admin, async (c) => {
    const id = idParam(c);
    await existingGroup(c.var.sql, id);
    return c.json(await membersOf(c.var.sql, id));
  })
  // Adding a member twice is not an error: the answer is the membership either
  // way (201 when it was made, 200 when it already existed), so a replayed or
  // repeated add is harmless.
  .post("/:id/users/:userId", allow.admin, async (c) => {
    const id = idParam(c);
    const userId = idParam(c, "userId");
    const added = await transaction(c.var.sql, (tx) => addMember(c, tx, id, userId));
    return c.json(await findMember(c.var.sql, id, userId), added ? 201 : 200);
  })
  .delete("/:id/users/:userId", allow.admin, async (c) => {
    const id = idParam(c);
    const userId = idParam(c, "userId");
    const refusal = "You cannot remove the last active admin from the Admin group";
    await keepingAnAdmin(c.var.sql, refusal, async (tx) => {
      if (await removeMember(c, tx, id, userId)) return;
      if (!(await lockRow(tx, "groups", id))) throw notFound.group();
      throw notFound.member();
    });
    return c.json({ success: true, groupId: id, userId } satisfies MemberRemoved);
  });
