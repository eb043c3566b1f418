// The access review's reads (spec 4 §7): who can open a room and what a person can
// open, and where each one's CSV downloads from. Read like every other read, into the
// persisted cache, so a review opened once shows offline too. Whether someone can open
// a door now moves with the clock (schedules, lockdowns) and no event says so: an
// open review is read again every minute, and a person's rooms also a second after
// the first of their next changes.
import { type Query, useQuery } from "@tanstack/react-query";
import type { RoomAccess as ServerRoomAccess, UserAccess as ServerUserAccess } from "../../../api/access_review/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";
import { isSaved } from "./mutations";

export type { Via } from "../../../api/access_review/contract.ts";

/** GET /api/rooms/{id}/access (api/access_review/contract.ts). */
export type RoomAccess = Json<ServerRoomAccess>;
export type RoomAccessPerson = RoomAccess["users"][number];
export type RoomGuest = RoomAccess["visits"][number];
/** GET /api/users/{id}/access. */
export type UserAccess = Json<ServerUserAccess>;
export type UserAccessRoom = UserAccess[number];

export const roomAccessKey = (id: number) => [`/api/rooms/${id}/access`] as const;
export const userAccessKey = (id: number) => [`/api/users/${id}/access`] as const;

/** The review as CSV: its address and the file's name, as the server names it. */
export type CsvExport = { href: string; fileName: string };
export const roomAccessCsv = (id: number): CsvExport => ({ href: `${roomAccessKey(id)[0]}?format=csv`, fileName: `room-${id}-access.csv` });
export const userAccessCsv = (id: number): CsvExport => ({ href: `${userAccessKey(id)[0]}?format=csv`, fileName: `user-${id}-access.csv` });

const MINUTE_MS = 60_000;

/** Read again when the tab opens (the cached answer shows meanwhile), then every minute while it is open. */
export const useRoomAccess = (id: number) =>
  useQuery<RoomAccess>({ queryKey: roomAccessKey(id), enabled: isSaved(id), staleTime: 0, refetchInterval: MINUTE_MS });

/** As the room's review, and also a second after the first of the rooms' next changes. */
export const useUserAccess = (id: number) =>
  useQuery<UserAccess>({
    queryKey: userAccessKey(id),
    enabled: isSaved(id),
    staleTime: 0,
    refetchInterval: (query: Query<UserAccess>) => readAgainIn(query.state.data, Date.now()),
  });

/** How long until the rooms are read again: a second after the first change to come, at most a minute. */
export function readAgainIn(rooms: readonly Pick<UserAccessRoom, "nextChange">[] | undefined, now: number): number {
  let wait = MINUTE_MS;
  for (const room of rooms ?? []) {
    if (!room.nextChange) continue;
    const until = Date.parse(room.nextChange) - now + 1_000;
    if (until > 0 && until < wait) wait = until;
  }
  return wait;
}
