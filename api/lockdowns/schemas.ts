// Request body of POST /api/lockdowns (spec 3 §2), with the messages of messages.ts.
import { z } from "zod";
import { LOCKDOWN_MESSAGES, REASON_MAX } from "./messages.ts";

const M = LOCKDOWN_MESSAGES;

export const lockdownBody = z.object({
  scope: z.enum(["all", "rooms"], { error: M.scope }),
  roomIds: z.array(z.number({ error: M.roomIds }).int(M.roomIds).positive(M.roomIds).max(2_147_483_647, M.roomIds), {
    error: M.roomIds,
  }).max(1000, M.tooManyRooms).optional(),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, { error: M.reasonRequired, abort: true })
    .max(REASON_MAX, M.reasonTooLong),
}).superRefine((body, ctx) => {
  if (body.scope === "rooms" && !body.roomIds?.length) ctx.addIssue({ code: "custom", message: M.roomsRequired });
  if (body.scope === "all" && body.roomIds?.length) ctx.addIssue({ code: "custom", message: M.roomsWithAll });
}).transform((body) => ({
  scope: body.scope,
  roomIds: [...new Set(body.roomIds ?? [])].sort((a, b) => a - b),
  reason: body.reason,
}));

export type LockdownInput = z.infer<typeof lockdownBody>;

/** ?active=true|false, or neither: every lockdown. */
export const lockdownQuery = z.object({
  active: z.enum(["true", "false"], { error: "must be true or false" }).optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
});
