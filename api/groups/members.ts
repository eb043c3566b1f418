// Joining and leaving a group, as the dashboard (groups/routes.ts) and SCIM
// provisioning (scim/group_routes.ts) both do it: the same rule (only active users
// join), the same rows and the same audit events. Doors hear of it through the
// access lists' triggers (migration 018).
import type { Context } from "hono";
import type { Queries } from "../db/connect.ts";
import type { Env } from "../http/env.ts";
import { addLink, lockRow, removeLink } from "../db/rows.ts";
import { conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { audit, nameOf, targetOf } from "../audit/record.ts";
import { findGroup } from "./repo.ts";

/** A member as a change names them: id and name. */
async function person(sql: Queries, userId: number) {
  const [row] = await sql<{ firstName: string; lastName: string }[]>`
    select first_name, last_name from users where id = ${userId}`;
  return { id: userId, name: row ? nameOf(row) : null };
}

const groupTarget = async (sql: Queries, id: number) =>
  targetOf("group", found(await findGroup(sql, id), notFound.group));

/**
 * Adds the user to the group (404 for either missing, 409 for a deactivated user);
 * whether the membership is new. A repeated add is recorded too, naming the member as
 * they stay: someone asked for it.
 */
export async function addMember(c: Context<Env>, tx: Queries, groupId: number, userId: number) {
  if (!(await lockRow(tx, "groups", groupId))) throw notFound.group();
  const [user] = await tx<{ isActive: boolean }[]>`
    select is_active from users where id = ${userId} for share`;
  if (!user) throw notFound.user();
  if (!user.isActive) throw conflict("Only active users can be added to a group");
  const made = await addLink(tx, "user_groups", groupId, userId);
  const member = await person(tx, userId);
  audit(c, {
    action: "group.member.add",
    target: await groupTarget(tx, groupId),
    changes: { member: made ? [null, member] : [member, member] },
  });
  return made;
}

/**
 * Removes the user from the group, audited; false when they were not a member.
 * Run it through keepingAnAdmin (groups/admins.ts): the last admin stays.
 */
export async function removeMember(c: Context<Env>, tx: Queries, groupId: number, userId: number) {
  if (!(await removeLink(tx, "user_groups", groupId, userId))) return false;
  audit(c, {
    action: "group.member.remove",
    target: await groupTarget(tx, groupId),
    changes: { member: [await person(tx, userId), null] },
  });
  return true;
}
