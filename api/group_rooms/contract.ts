// What the group room calls answer (spec 2 §7, spec 3 §1): the group's rooms are
// rooms (rooms/contract.ts) with the grant's schedule; adding one answers the
// room, removing one this.
import type { Room } from "../rooms/contract.ts";

/**
 * GET /api/groups/{id}/rooms items, and what POST and PUT of a grant answer:
 * the room (updatedAt is the room's version) with the grant's schedule and the
 * grant's own version, which PUT of the grant checks If-Match against.
 */
export type GrantedRoom = Room & { scheduleId: number | null; scheduleName: string | null; grantUpdatedAt: Date };

/** DELETE /api/groups/{id}/rooms/{roomId}. */
export type GroupRoomRemoved = { success: true; groupId: number; roomId: number };
