// Room calls of spec 2 §7. Admin only.
import { Hono } from "hono";
import { badRequest } from "../http/errors.ts";
import { holdSchedule } from "../schedules/repo.ts";
import type { Env } from "../http/env.ts";
import { notFound } from "../http/not_found.ts";
import { body, idParam } from "../http/validate.ts";
import { auditedDelete, auditedEdit, auditedToggle, type RowKind, rowOr404 } from "../http/audited_rows.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { roomBody, type RoomInput } from "./schemas.ts";
import { createRoom, deleteRoom, findRoom, listRooms, updateRoom } from "./repo.ts";
import { sensorFigures } from "./sensor_data.ts";
import type { Queries } from "../db/connect.ts";
import type { Room } from "./contract.ts";
import { auditChange } from "../audit/record.ts";

/** What the audit trail shows of a room. */
const ROOM = ["name", "description", "capacity", "isActive", "unlockScheduleId", "firstPersonIn", "heldOpenSeconds"];

const ROOMS: RowKind<Room> = { table: "rooms", type: "room", fields: ROOM, find: findRoom, missing: notFound.room };
const roomOr404 = (sql: Queries, id: number) => rowOr404(ROOMS, sql, id);

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
    const room = await auditedEdit(c, ROOMS, id, async (tx) => updateRoom(tx, id, await holdUnlockSchedule(tx, input)));
    return c.json(room);
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => c.json(await auditedToggle(c, ROOMS, idParam(c))))
  .delete("/:id", allow.admin, async (c) => c.json(await auditedDelete(c, ROOMS, idParam(c), deleteRoom)))
  .get("/:id/door-state", allow.admin, async (c) => c.json((await roomOr404(c.var.sql, idParam(c))).doorState))
  .get("/:id/sensor-data", allow.admin, async (c) => {
    const room = await roomOr404(c.var.sql, idParam(c));
    return c.json(await sensorFigures(c.var.sql, room));
  });
