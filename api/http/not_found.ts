// Every 404 the API answers, in one place, so one thing missing reads the same on
// every route (the screens and the spec's texts depend on these words).
import { ApiError } from "./errors.ts";

const missing = (message: string) => () => new ApiError("not_found", message);

export const notFound = {
  user: missing("User not found"),
  group: missing("Group not found"),
  room: missing("Room not found"),
  device: missing("Device not found"),
  credential: missing("Credential not found"),
  lastLockDevice: missing("Last Lock device not found"),
  member: missing("This user is not a member of this group"),
  groupRoom: missing("This room is not in this group"),
  schedule: missing("Schedule not found"),
  holidayCalendar: missing("Holiday calendar not found"),
  lockdown: missing("Lockdown not found"),
  command: missing("Command not found"),
  alarm: missing("Alarm not found"),
  webhook: missing("Webhook not found"),
  delivery: missing("Delivery not found"),
  assignment: missing("This credential is not assigned to this device"),
  densitySpace: (spaceId: string) =>
    new ApiError("not_found", `No density device is configured with space ${spaceId}`),
  densitySimulator: missing("The Density simulator is off (DENSITY_API_BASE is set)"),
  stripeSimulator: missing("The Stripe simulator is off (STRIPE_SECRET_KEY is set)"),
  mailbox: missing("The demo mailbox is off (SMTP_URL is set, or this is not demo mode)"),
  mail: missing("Message not found"),
  invitation: missing("This invitation has expired or was already used"),
  visit: missing("Visit not found"),
  pass: missing("This pass does not exist"),
  scimToken: missing("SCIM token not found"),
  route: (method: string, path: string) =>
    new ApiError("not_found", `No route for ${method} ${path}`),
};

/** The row, or the 404 of what is missing: found(await findRoom(sql, id), notFound.room). */
export function found<T>(row: T | null | undefined, missing: () => ApiError): T {
  if (row === null || row === undefined) throw missing();
  return row;
}
