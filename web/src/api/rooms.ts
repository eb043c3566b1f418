// Rooms as every screen reads them (spec 2 §7): the list, one room, and the
// cache edit a change makes to both. The devices screens read and edit them
// too (room pickers, device counts) and the groups screens list them. What
// only the room screens read (the sensor figures) is in features/rooms/api.ts.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { patchCachedEntity, useEntity } from "./entity_cache";
import type { Room as ServerRoom } from "../../../api/rooms/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

/** A room as the server answers it (api/rooms/contract.ts). */
export type Room = Json<ServerRoom>;

export const ROOMS_KEY = ["/api/rooms"] as const;
export const roomKey = (id: number) => [`/api/rooms/${id}`] as const;

export const useRooms = (enabled = true) => useQuery<Room[]>({ queryKey: ROOMS_KEY, enabled });

/** The room; while it loads (or was made offline) the list's row stands in. NaN asks nothing. */
export const useRoom = (id: number) => useEntity<Room>(ROOMS_KEY, roomKey, id);

/** Applies a change to the room in the list and on its own page. */
export const patchCachedRoom = (cache: QueryClient, id: number, patch: (room: Room) => Room) =>
  patchCachedEntity(cache, { list: ROOMS_KEY, detail: roomKey(id) }, id, patch);
