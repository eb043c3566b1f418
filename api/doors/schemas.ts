// The body of POST /api/access/devices/self/door-events (spec 4 §1).
import { z } from "zod";
import { eventId, MAX_EVENTS, timestamp } from "../access/schemas.ts";
import { DOOR_EVENT_TYPES } from "./door_rules.ts";

const doorEvent = z.object({
  eventId,
  at: timestamp,
  type: z.enum(DOOR_EVENT_TYPES, { error: `must be one of ${DOOR_EVENT_TYPES.join(", ")}` }),
  released: z.boolean({ error: "must be true or false" }).optional(),
}).superRefine((event, ctx) => {
  if (event.type === "door.opened" && event.released === undefined) {
    ctx.addIssue({ code: "custom", message: "is required on door.opened", path: ["released"] });
  }
  // Spec 4 §1 gives `released` a meaning on door.opened only: elsewhere it is taken and
  // let go (a controller may send it with every input), not refused.
}).transform((event) => ({ ...event, released: event.type === "door.opened" ? event.released : undefined }));
export type DoorEventInput = z.infer<typeof doorEvent>;

export const doorEventsBody = z.array(doorEvent, { error: "must be a list of events" })
  .max(MAX_EVENTS, `at most ${MAX_EVENTS} events per call`);
