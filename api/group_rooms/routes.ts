// Group room calls of spec 2 §7 and spec 3 §1 (a grant's schedule), mounted under
// /api/groups beside the group calls. Admin only. Like group members: adding a
// room the group already has answers 200 with the room (the wanted state holds),
// a new grant 201; removing or rescheduling a room the group does not have is 404.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import type { Queries } from "../db/connect.ts";
import { findRoom } from "../rooms/repo.ts";
import { addGrant, grantedRoom, groupExists, lockGrant, roomsOfGroup, setGrantSchedule } from "./repo.ts";
import { removeLink } from "../db/rows.ts";
import { readBody } from "../http/read_body.ts";
import { holdSchedule } from "../schedules/repo.ts";
import { grantScheduleBody, grantScheduleUpdate } from "../schedules/schemas.ts";
import { transaction } from "../http/transaction.ts";
import type { GroupRoomRemoved } from "./contract.ts";
import { findGroup } from "../groups/repo.ts";
import { audit, targetOf } from "../audit/record.ts";
import type { Context } from "hono";
import { isStale, StaleVersion } from "../http/versions.ts";

type Named = { id: number; name: string } | null;

/**
 * A room granted to a group, taken from it, or its schedule changed: the group is
 * the target, the room (and the schedule) the change. The room is always named:
 * `[null, room]` added, `[room, null]` removed, `[room, room]` when the grant stays
 * (a schedule changed, or a repeated grant, recorded as the admin asked for it).
 */
async function auditGrant(
  c: Context<Env>,
  verb: "add" | "remove" | "update",
  groupId: number,
  changes: Record<string, [unknown, unknown]>,
) {
  const group = found(await findGroup(c.var.sql, groupId), notFound.group);
  audit(c, { action: `group.room.${verb}`, target: targetOf("group", group), changes });
}

const named = (row: { id: number; name: string }): Named => ({ id: row.id, name: row.name });

/** The schedule a grant names, held for the rest of the transaction; null for Always, 400 when unknown. */
async function grantSchedule(sql: Queries, scheduleId: number | null): Promise<Named> {
  if (scheduleId === null) return null;
  if (!(await holdSchedule(sql, scheduleId))) throw badRequest(notFound.schedule().message);
  const [row] = await sql<{ name: string }[]>`select name from schedules where id = ${scheduleId}`;
  return { id: scheduleId, name: row.name };
}

const scheduleNamed = async (sql: Queries, scheduleId: number | null) =>
  scheduleId === null ? null : await grantSchedule(sql, scheduleId);

async function assertGroup(sql: Queries, id: number) {
  if (!(await groupExists(sql, id))) throw notFound.group();
}

/** The group and the room the path names: 404 for either that does not exist. */
async function groupAndRoom(c: Context<Env>, sql: Queries = c.var.sql) {
  const groupId = idParam(c);
  const roomId = idParam(c, "roomId");
  await assertGroup(sql, groupId);
  return { groupId, room: found(await findRoom(sql, roomId), notFound.room) };
}

export const groupRoomRoutes = new Hono<Env>()
  .get("/:id/rooms", allow.admin, async (c) => {
    const groupId = idParam(c);
    await assertGroup(c.var.sql, groupId);
    return c.json(await roomsOfGroup(c.var.sql, groupId));
  })
  // Adds the room, with the body's schedule (none: Always). For a room the group has,
  // a schedule in the body replaces the grant's; without one the grant stays as it is.
  .post("/:id/rooms/:roomId", allow.admin, async (c) => {
    const { scheduleId } = await readBody(c, grantScheduleBody);
    const { answer, added } = await transaction(c.var.sql, async (tx) => {
      const { groupId, room } = await groupAndRoom(c, tx);
      if (!room.isActive) throw conflict("Only active rooms can be added to a group");
      const schedule = await grantSchedule(tx, scheduleId ?? null);
      const added = await addGrant(tx, groupId, room.id, schedule?.id ?? null);
      if (added) {
        await auditGrant(c, "add", groupId, { room: [null, named(room)], ...(schedule ? { schedule: [null, schedule] } : {}) });
      } else {
        const grant = (await lockGrant(tx, groupId, room.id))!;
        const before = await scheduleNamed(tx, grant.scheduleId);
        const changed = scheduleId !== undefined && grant.scheduleId !== (schedule?.id ?? null);
        if (changed) await setGrantSchedule(tx, groupId, room.id, schedule?.id ?? null);
        await auditGrant(c, "add", groupId, {
          room: [named(room), named(room)],
          ...(changed ? { schedule: [before, schedule] } : {}),
        });
      }
      return { answer: (await grantedRoom(tx, groupId, room.id))!, added };
    });
    return c.json(answer, added ? 201 : 200);
  })
  .put("/:id/rooms/:roomId", allow.admin, async (c) => {
    const { scheduleId } = await readBody(c, grantScheduleUpdate);
    const answer = await transaction(c.var.sql, async (tx) => {
      const { groupId, room } = await groupAndRoom(c, tx);
      const grant = await lockGrant(tx, groupId, room.id);
      if (!grant) throw notFound.groupRoom();
      // If-Match names the grant's version (grantUpdatedAt), not the room's.
      if (isStale(c, grant.updatedAt)) throw new StaleVersion(await grantedRoom(tx, groupId, room.id));
      const before = await scheduleNamed(tx, grant.scheduleId);
      const after = await grantSchedule(tx, scheduleId);
      await setGrantSchedule(tx, groupId, room.id, scheduleId);
      await auditGrant(c, "update", groupId, {
        room: [named(room), named(room)],
        ...(before?.id === after?.id ? {} : { schedule: [before, after] }),
      });
      return (await grantedRoom(tx, groupId, room.id))!;
    });
    return c.json(answer);
  })
  .delete("/:id/rooms/:roomId", allow.admin, async (c) => {
    const { groupId, room } = await groupAndRoom(c);
    if (!(await removeLink(c.var.sql, "group_rooms", groupId, room.id))) {
      throw notFound.groupRoom();
    }
    await auditGrant(c, "remove", groupId, { room: [named(room), null] });
    return c.json({ success: true, groupId, roomId: room.id } satisfies GroupRoomRemoved);
  });
