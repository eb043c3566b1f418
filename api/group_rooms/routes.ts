// Group room calls of spec 2 §7, mounted under /api/groups beside the group
// calls. Admin only. Like group members: adding a room the group already has
// answers 200 with the room (the wanted state holds), a new grant 201; removing
// a room the group does not have is 404.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import type { Queries } from "../db/connect.ts";
import { findRoom } from "../rooms/repo.ts";
import { groupExists, roomsOfGroup } from "./repo.ts";
import { addLink, removeLink } from "../db/rows.ts";
import type { GroupRoomRemoved } from "./contract.ts";
import { findGroup } from "../groups/repo.ts";
import { audit, targetOf } from "../audit/record.ts";
import type { Context } from "hono";

/**
 * A room granted to or taken from a group: the group is the target, the room the
 * change. A repeated grant is recorded with nothing changed: the admin asked for it.
 */
async function auditGrant(
  c: Context<Env>,
  verb: "add" | "remove",
  groupId: number,
  room: { id: number; name: string },
  changed: boolean,
) {
  const group = found(await findGroup(c.var.sql, groupId), notFound.group);
  const named = { id: room.id, name: room.name };
  audit(c, {
    action: `group.room.${verb}`,
    target: targetOf("group", group),
    changes: changed ? { room: verb === "add" ? [null, named] : [named, null] } : {},
  });
}

async function assertGroup(sql: Queries, id: number) {
  if (!(await groupExists(sql, id))) throw notFound.group();
}

/** The group and the room the path names: 404 for either that does not exist. */
async function groupAndRoom(c: Context<Env>) {
  const groupId = idParam(c);
  const roomId = idParam(c, "roomId");
  await assertGroup(c.var.sql, groupId);
  return { groupId, room: found(await findRoom(c.var.sql, roomId), notFound.room) };
}

export const groupRoomRoutes = new Hono<Env>()
  .get("/:id/rooms", allow.admin, async (c) => {
    const groupId = idParam(c);
    await assertGroup(c.var.sql, groupId);
    return c.json(await roomsOfGroup(c.var.sql, groupId));
  })
  .post("/:id/rooms/:roomId", allow.admin, async (c) => {
    const { groupId, room } = await groupAndRoom(c);
    if (!room.isActive) throw conflict("Only active rooms can be added to a group");
    const added = await addLink(c.var.sql, "group_rooms", groupId, room.id);
    await auditGrant(c, "add", groupId, room, added);
    return c.json(room, added ? 201 : 200);
  })
  .delete("/:id/rooms/:roomId", allow.admin, async (c) => {
    const { groupId, room } = await groupAndRoom(c);
    if (!(await removeLink(c.var.sql, "group_rooms", groupId, room.id))) {
      throw notFound.groupRoom();
    }
    await auditGrant(c, "remove", groupId, room, true);
    return c.json({ success: true, groupId, roomId: room.id } satisfies GroupRoomRemoved);
  });
