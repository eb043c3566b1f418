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
import { findRoom, roomExists } from "../rooms/repo.ts";
import { groupExists, roomsOfGroup } from "./repo.ts";
import { addLink, removeLink } from "../db/rows.ts";
import type { GroupRoomRemoved } from "./contract.ts";

async function assertGroup(sql: Queries, id: number) {
  if (!(await groupExists(sql, id))) throw notFound.group();
}

export const groupRoomRoutes = new Hono<Env>()
  .get("/:id/rooms", allow.admin, async (c) => {
    const groupId = idParam(c);
    await assertGroup(c.var.sql, groupId);
    return c.json(await roomsOfGroup(c.var.sql, groupId));
  })
  .post("/:id/rooms/:roomId", allow.admin, async (c) => {
    const groupId = idParam(c);
    const roomId = idParam(c, "roomId");
    const sql = c.var.sql;
    await assertGroup(sql, groupId);
    const room = found(await findRoom(sql, roomId), notFound.room);
    if (!room.isActive) throw conflict("Only active rooms can be added to a group");
    const added = await addLink(sql, "group_rooms", groupId, roomId);
    return c.json(room, added ? 201 : 200);
  })
  .delete("/:id/rooms/:roomId", allow.admin, async (c) => {
    const groupId = idParam(c);
    const roomId = idParam(c, "roomId");
    const sql = c.var.sql;
    await assertGroup(sql, groupId);
    if (!(await roomExists(sql, roomId))) throw notFound.room();
    if (!(await removeLink(sql, "group_rooms", groupId, roomId))) {
      throw notFound.groupRoom();
    }
    return c.json({ success: true, groupId, roomId } satisfies GroupRoomRemoved);
  });
