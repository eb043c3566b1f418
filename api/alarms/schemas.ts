// Query and bodies of the alarm calls (spec 4 §2).
import { z } from "zod";
import { ALARM_TYPES } from "../doors/door_rules.ts";
import { blankToUndefined, id } from "../http/schema_parts.ts";
import { readCursor } from "./repo.ts";

export const ALARM_MESSAGES = {
  acknowledged: "This alarm has already been acknowledged",
  resolved: "This alarm is already resolved",
  noteTooLong: "A note must be at most 500 characters",
} as const;

/** ?state=open|resolved&type=&roomId=&deviceId=&cursor= (each optional). */
export const alarmQuery = z.object({
  state: z.enum(["open", "resolved"], { error: "must be open or resolved" }).optional(),
  type: z.enum(ALARM_TYPES, { error: `must be one of ${ALARM_TYPES.join(", ")}` }).optional(),
  roomId: id.optional(),
  deviceId: id.optional(),
  cursor: z.string().max(100, "is not a cursor of this list").optional().transform(blankToUndefined)
    .transform((cursor, ctx) => {
      if (cursor === undefined) return undefined;
      const read = readCursor(cursor);
      if (!read) ctx.addIssue({ code: "custom", message: "is not a cursor of this list" });
      return read;
    }),
});

/** POST /api/alarms/{id}/acknowledge and /resolve: an optional note. */
export const alarmActionBody = z.object({
  note: z.string({ error: "Note must be text" }).trim().max(500, ALARM_MESSAGES.noteTooLong).nullable().optional()
    .transform((note) => note || null),
}).optional().transform((body) => body ?? { note: null });
