// What the group room calls answer (spec 2 §7): the group's rooms are rooms
// (rooms/contract.ts); adding one answers the room, removing one this.

/** DELETE /api/groups/{id}/rooms/{roomId}. */
export type GroupRoomRemoved = { success: true; groupId: number; roomId: number };
