// Request bodies of the room calls (spec 2 §5, §7).
import { z } from "zod";

const ROOM_NAME_REQUIRED = "Room name is required";

/** Trimmed text; blank becomes null (an optional field left empty). */
const optionalText = (max: number) =>
  z.string({ error: "must be text" }).max(max, `must be at most ${max} characters`)
    .nullable().optional()
    .transform((value) => (value == null || value.trim() === "" ? null : value.trim()));

const capacity = z.number({ error: "must be a number" }).int("must be a whole number")
  .positive("must be positive").max(100_000, "is too large");

/** POST and PUT share one shape; the name is checked at the top so the message is the spec's. */
export const roomBody = z.object({
  name: z.string({ error: ROOM_NAME_REQUIRED }).max(200, "must be at most 200 characters")
    .optional(),
  description: optionalText(2_000),
  capacity: capacity.optional(),
  // Spec 3 §1; left out of a PUT, each stays as it is.
  unlockScheduleId: z.number({ error: "must be a schedule's id or null" }).int("must be a schedule's id or null")
    .min(1, "must be a schedule's id or null").max(2_147_483_647, "must be a schedule's id or null").nullable().optional(),
  firstPersonIn: z.boolean({ error: "must be true or false" }).optional(),
  // Spec 4 §1: how long its doors may stand open before their held-open alarm.
  heldOpenSeconds: z.number({ error: "must be a number of seconds from 10 to 3600" })
    .int("must be a number of seconds from 10 to 3600").min(10, "must be a number of seconds from 10 to 3600")
    .max(3600, "must be a number of seconds from 10 to 3600").optional(),
}).superRefine((value, ctx) => {
  if (!value.name?.trim()) ctx.addIssue({ code: "custom", message: ROOM_NAME_REQUIRED, path: [] });
}).transform((value) => ({ ...value, name: value.name!.trim() }));

export type RoomInput = z.infer<typeof roomBody>;
