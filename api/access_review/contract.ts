// The access review (spec 4 §7): who can open a room, and what a person can open.
// Types only: the server and the two Access tabs use them.
import type { VisitStatus } from "../visits/visit_rules.ts";

/** One grant that lets the person through: the group, its schedule on the room (null: at all times). */
export type Via = {
  groupId: number;
  groupName: string;
  scheduleId: number | null;
  scheduleName: string | null;
  lockdownOverride: boolean;
};

/** GET /api/rooms/{id}/access: the active users an active group lets through, by name, and the room's guests. */
export type RoomAccess = {
  users: { userId: number; name: string; email: string; canOpenNow: boolean; via: Via[] }[];
  /** Visits to the room active or upcoming, by start. */
  visits: { visitId: number; guestName: string; hostName: string; startsAt: Date; endsAt: Date; status: VisitStatus }[];
};

/** GET /api/users/{id}/access: the rooms the user's active groups hold, by name. */
export type UserAccess = {
  roomId: number;
  roomName: string;
  canOpenNow: boolean;
  /** When canOpenNow next changes by the clock (a schedule), or null. */
  nextChange: Date | null;
  via: Via[];
}[];
