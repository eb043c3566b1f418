// What only the groups screens read (spec 1 §7): a group's members. The groups
// themselves, their keys and cache edits are in web/src/api/groups.ts.
import { useQuery } from "@tanstack/react-query";
import { isSaved } from "../../api/mutations";
import type { Member as ServerMember } from "../../../../api/groups/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type Member = Json<ServerMember>;

export const groupUsersKey = (id: number) => [`/api/groups/${id}/users`] as const;

export const useGroupUsers = (id: number) => useQuery<Member[]>({ queryKey: groupUsersKey(id), enabled: isSaved(id) });
