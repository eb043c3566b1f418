// Users as every screen reads them (spec 1 §7): the list, one user, and the
// cache edit a change makes to both. The groups screens read and edit them too
// (members, the Add Users picker). What only the users screens read
// (verification, credentials, a user's groups) is in features/users/api.ts.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { patchCachedEntity, useEntity } from "./entity_cache";
import type { GroupRef, User as ServerUser } from "../../../api/users/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

export type { GroupRef };

/** A user as the server answers it (api/users/contract.ts). */
export type User = Json<ServerUser>;

export const USERS_KEY = ["/api/users"] as const;
export const userKey = (id: number) => [`/api/users/${id}`] as const;
export const userGroupsKey = (id: number) => [`/api/users/${id}/groups`] as const;

export const useUsers = (enabled = true) => useQuery<User[]>({ queryKey: USERS_KEY, enabled });

/** The user; while it loads (or offline, or just created offline) the list's row stands in. */
export const useUser = (id: number) => useEntity<User>(USERS_KEY, userKey, id);

/** Applies a change to the user in the list and on its own page. */
export const patchCachedUser = (cache: QueryClient, id: number, patch: (user: User) => User) =>
  patchCachedEntity(cache, { list: USERS_KEY, detail: userKey(id) }, id, patch);
