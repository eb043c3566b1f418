// Room calls of spec 2 §7. Admin only.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { found, notFound } from "../http/not_found.ts";
import { body, idParam } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { roomBody } from "./schemas.ts";
import { createRoom, deleteRoom, findRoom, listRooms, updateRoom } from "./repo.ts";
import { sensorFigures } from "./sensor_data.ts";
import type { Queries } from "../db/connect.ts";
import { toggleActive } from "../db/rows.ts";
import type { Deleted } from "../http/contract.ts";

const roomOr404 = async (sql: Queries, id: number) => found(await findRoom(sql, id), notFound.room);

export const roomRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listRooms(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const input = await body(c, roomBody);
    const sql = c.var.sql;
    const id = await createRoom(sql, input);
    return c.json(await roomOr404(sql, id), 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await roomOr404(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await body(c, roomBody);
    const room = await transaction(c.var.sql, async (tx) => {
      await lockForEdit(c, tx, "rooms", id, findRoom, notFound.room);
      await updateRoom(tx, id, input);
      return await roomOr404(tx, id);
    });
    return c.json(room);
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => {
    const id = idParam(c);
    const sql = c.var.sql;
    if ((await toggleActive(sql, "rooms", id)) === null) throw notFound.room();
    return c.json(await roomOr404(sql, id));
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    if (!(await transaction(c.var.sql, (tx) => deleteRoom(tx, id)))) throw notFound.room();
    return c.json({ success: true, id } satisfies Deleted);
  })
  .get("/:id/sensor-data", allow.admin, async (c) => {
    const room = await roomOr404(c.var.sql, idParam(c));
    return c.json(await sensorFigures(c.var.sql, room));
  });
