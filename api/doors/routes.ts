// GET /api/doors (spec 4 §1): the Doors board. Admin only.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";
import { doorBoard } from "./board.ts";

export const doorRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await doorBoard(c.var.sql, c.var.roomParts)));
