// The lockdowns (spec 3 §2): the active ones, read by every admin screen, and
// starting and ending one. Never through the outbox: a lockdown is sent at once
// or not at all (it fails offline rather than wait), so these are plain
// mutations on the API client, not useChange.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client";
import type { Lockdown as ServerLockdown, LockdownRequest } from "../../../../api/lockdowns/contract.ts";
import type { MemberLockdown as ServerMemberLockdown } from "../../../../api/member_doors/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

/** A lockdown as the server answers it (api/lockdowns/contract.ts). */
export type Lockdown = Json<ServerLockdown>;
/** An active lockdown as a member reads it (api/member_doors/contract.ts): rooms by name, no reason. */
export type MemberLockdown = Json<ServerMemberLockdown>;

export const ACTIVE_LOCKDOWNS_KEY = ["/api/lockdowns?active=true"] as const;
/** The members' read: the live channel of /app (features/doors) says when to read it again. */
export const MEMBER_LOCKDOWNS_KEY = ["/api/me/lockdowns"] as const;

/** How long a start or end may take before it is reported as failed. */
const LOCKDOWN_CALL_TIMEOUT_MS = 10_000;

/** The active lockdowns, newest first; `enabled` only for an admin (the call is admin-only). */
export const useActiveLockdowns = (enabled: boolean) => useQuery<Lockdown[]>({ queryKey: ACTIVE_LOCKDOWNS_KEY, enabled });

/** The active lockdowns as a member's /app shows them; `enabled` for a member (an admin reads the full ones). */
export const useMemberLockdowns = (enabled: boolean) => useQuery<MemberLockdown[]>({ queryKey: MEMBER_LOCKDOWNS_KEY, enabled });

export function useStartLockdown() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (body: LockdownRequest) => call<Lockdown>("POST", "/api/lockdowns", { body, timeoutMs: LOCKDOWN_CALL_TIMEOUT_MS }),
    // Offline it fails at once instead of waiting paused for the network.
    networkMode: "always",
    onSuccess: (lockdown) => {
      cache.setQueryData<Lockdown[]>(ACTIVE_LOCKDOWNS_KEY, (list) => [lockdown, ...(list ?? []).filter((l) => l.id !== lockdown.id)]);
      void cache.invalidateQueries({ queryKey: ACTIVE_LOCKDOWNS_KEY });
    },
  });
}

export function useEndLockdown() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (lockdown: Lockdown) =>
      call<Lockdown>("POST", `/api/lockdowns/${lockdown.id}/end`, { timeoutMs: LOCKDOWN_CALL_TIMEOUT_MS }),
    networkMode: "always",
    // Ended or not (409: someone else ended it first), the list is read again.
    onSettled: () => void cache.invalidateQueries({ queryKey: ACTIVE_LOCKDOWNS_KEY }),
    onSuccess: (_result, lockdown) =>
      cache.setQueryData<Lockdown[]>(ACTIVE_LOCKDOWNS_KEY, (list) => list?.filter((l) => l.id !== lockdown.id)),
  });
}
