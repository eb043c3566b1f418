// The access review (spec 4 §7), admin only: who can open a room, what a person can
// open, each also as CSV (?format=csv).
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { Env } from "../http/env.ts";
import { csvDownload, csvLine } from "../http/csv_download.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam, query } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import type { Via } from "./contract.ts";
import { roomAccess, userAccess } from "./repo.ts";

const format = z.object({ format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json") });

/** How a CSV cell names the grants: `Group` or `Group (Schedule)`, `; ` between. */
const viaText = (via: Via[]) =>
  via.map((v) => `${v.groupName}${v.scheduleName ? ` (${v.scheduleName})` : ""}${v.lockdownOverride ? " [lockdown override]" : ""}`)
    .join("; ");

/** The rows as a CSV download, by the one CSV path (http/csv_download.ts): a review is read whole, one batch. */
function csv(c: Context<Env>, name: string, header: string[], rows: unknown[][]) {
  return csvDownload(c, name, header, (async function* () {
    yield rows;
  })(), csvLine);
}

export const accessReviewRoutes = new Hono<Env>()
  .get("/rooms/:id/access", allow.admin, async (c) => {
    const id = idParam(c);
    const { format: as } = query(c, format);
    const access = found(await roomAccess(c.var.sql, id), notFound.room);
    if (as === "json") return c.json(access);
    return csv(
      c,
      `room-${id}-access`,
      ["User ID", "Name", "Email", "Can open now", "Via"],
      access.users.map((u) => [u.userId, u.name, u.email, u.canOpenNow ? "yes" : "no", viaText(u.via)]),
    );
  })
  .get("/users/:id/access", allow.admin, async (c) => {
    const id = idParam(c);
    const { format: as } = query(c, format);
    const access = found(await userAccess(c.var.sql, id), notFound.user);
    if (as === "json") return c.json(access);
    return csv(
      c,
      `user-${id}-access`,
      ["Room ID", "Room", "Can open now", "Next change", "Via"],
      access.map((r) => [r.roomId, r.roomName, r.canOpenNow ? "yes" : "no", r.nextChange, viaText(r.via)]),
    );
  });
