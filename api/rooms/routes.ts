// Room calls of spec 2 §7. Admin only.
import { Hono } from "hono";
import { badRequest } from "../http/errors.ts";
import { holdSchedule } from "../schedules/repo.ts";
import type { Env } from "../http/env.ts";
import { found, notFound } from "../http/not_found.ts";
import { body, idParam } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { roomBody, type RoomInput } from "./schemas.ts";
import { createRoom, deleteRoom, findRoom, listRooms, updateRoom } from "./repo.ts";
import { sensorFigures } from "./sensor_data.ts";
import type { Queries } from "../db/connect.ts";
import { toggleActive } from "../db/rows.ts";
import type { Deleted } from "../http/contract.ts";
import { auditChange, auditToggle } from "../audit/record.ts";

/** What the audit trail shows of a room. */
const ROOM = ["name", "description", "capacity", "isActive", "unlockScheduleId", "firstPersonIn"];

const roomOr404 = async (sql: Queries, id: number) => found(await findRoom(sql, id), notFound.room);

/** The room's unlock schedule, held for the rest of the transaction (400 when there is none). */
async function holdUnlockSchedule(tx: Queries, input: RoomInput) {
  if (input.unlockScheduleId && !(await holdSchedule(tx, input.unlockScheduleId))) {
    throw badRequest(notFound.schedule().message);
  }
  return input;
}

export const roomRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listRooms(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const input = await body(c, roomBody);
    const room = await transaction(c.var.sql, async (tx) => {
      const room = await roomOr404(tx, await createRoom(tx, await holdUnlockSchedule(tx, input)));
      auditChange(c, "room", "create", null, room, ROOM);
      return room;
    });
    return c.json(room, 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await roomOr404(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await body(c, roomBody);
    const room = await transaction(c.var.sql, async (tx) => {
      const before = await lockForEdit(c, tx, "rooms", id, findRoom, notFound.room);
      await updateRoom(tx, id, await holdUnlockSchedule(tx, input));
      const after = await roomOr404(tx, id);
      auditChange(c, "room", "update", before, after, ROOM);
      return after;
    });
    return c.json(room);
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => {
    const id = idParam(c);
    const sql = c.var.sql;
    if ((await toggleActive(sql, "rooms", id)) === null) throw notFound.room();
    const room = await roomOr404(sql, id);
    auditToggle(c, "room", room);
    return c.json(room);
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    await transaction(c.var.sql, async (tx) => {
      const before = await roomOr404(tx, id);
      if (!(await deleteRoom(tx, id))) throw notFound.room();
      auditChange(c, "room", "delete", before, null, ROOM);
    });
    return c.json({ success: true, id } satisfies Deleted);
  })
  .get("/:id/door-state", allow.admin, async (c) => c.json((await roomOr404(c.var.sql, idParam(c))).doorState))
  .get("/:id/sensor-data", allow.admin, async (c) => {
    const room = await roomOr404(c.var.sql, idParam(c));
    return c.json(await sensorFigures(c.var.sql, room));
  });
