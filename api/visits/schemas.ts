// The visit a person writes (spec 4 §5): whole-sentence messages, the screens show
// them as they are (http/read_body.ts). The window's rules need the clock:
// visit_rules.ts, checked by the routes.
import { z } from "zod";

const MAX_ROOMS = 50;
const dateTime = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time with its offset` })
    .transform((value) => new Date(value))
    .refine((date) => !Number.isNaN(date.getTime()), { error: `${name} must be a real date and time`, abort: true });

export const visitBody = z.object({
  guestName: z.string({ error: "Guest name is required" }).trim().min(1, { error: "Guest name is required", abort: true })
    .max(100, "Guest name must be at most 100 characters"),
  guestEmail: z.string({ error: "Guest email must be text" }).trim().toLowerCase()
    .max(254, { error: "Guest email must be at most 254 characters", abort: true })
    .pipe(z.union([z.literal(""), z.email("Please enter a valid email address")]))
    .nullable().optional().transform((value) => value || null),
  // An admin names any host; a member is always the host (the routes' rule).
  hostId: z.number({ error: "Host must be a user id" }).int("Host must be a user id")
    .positive("Host must be a user id").max(2_147_483_647, "Host must be a user id").optional(),
  roomIds: z.array(
    z.number({ error: "Rooms must be room ids" }).int("Rooms must be room ids").positive("Rooms must be room ids")
      .max(2_147_483_647, "Rooms must be room ids"),
    { error: "Choose at least one room" },
  ).min(1, "Choose at least one room").max(MAX_ROOMS, `A visit has at most ${MAX_ROOMS} rooms`)
    .transform((ids) => [...new Set(ids)]),
  startsAt: dateTime("Start"),
  endsAt: dateTime("End"),
  note: z.string({ error: "Note must be text" }).trim().max(500, "Note must be at most 500 characters").default(""),
});
export type VisitInput = z.infer<typeof visitBody>;

export const visitQuery = z.object({
  status: z.enum(["upcoming", "active", "ended", "revoked"], { error: "status must be upcoming, active, ended or revoked" })
    .optional(),
  hostId: z.coerce.number({ error: "hostId must be a user id" }).int("hostId must be a user id").positive("hostId must be a user id")
    .max(2_147_483_647, "hostId must be a user id").optional(),
  search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
  from: z.iso.datetime({ offset: true, error: "from must be a date and time with its offset" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be a date and time with its offset" }).optional(),
});
