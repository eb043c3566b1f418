// The member's doors (spec 3 §4): the list (cached like every read, so it shows
// offline), whether the member has Face ID, setting it up, and the unlock itself:
// the options, the authenticator's assertion and the unlock call, sent at once or
// not at all. Never through the outbox: an unlock queued for later would open a
// door when nobody is there.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { call } from "../../api/client";
import { assertionPayload, registerPasskey } from "../../api/passkeys";
import type { UnlockGranted } from "../../../../api/member_doors/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import type { Door } from "./door_rules";

export const MEMBER_DOORS_KEY = ["/api/me/doors"] as const;
export const passkeyCheckKey = (email: string) => [`/api/auth/passkey/check/${encodeURIComponent(email)}`] as const;

/** The server waits up to 3 s for the doors; this leaves room for the rest. */
const UNLOCK_CALL_TIMEOUT_MS = 10_000;

export const useMemberDoors = () => useQuery<Door[]>({ queryKey: MEMBER_DOORS_KEY });

/** Whether the member has a passkey ("Face ID"); undefined while unknown. */
export const useHasFaceId = (email: string) =>
  useQuery<{ hasPasskeys: boolean }>({ queryKey: passkeyCheckKey(email) }).data?.hasPasskeys;

export function useSetUpFaceId(email: string) {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    networkMode: "always",
    onSettled: () => void cache.invalidateQueries({ queryKey: passkeyCheckKey(email) }),
  });
}

async function unlockRoom(roomId: number): Promise<Json<UnlockGranted>> {
  const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>("POST", `/api/me/doors/${roomId}/unlock/options`, {
    timeoutMs: UNLOCK_CALL_TIMEOUT_MS,
  });
  const assertion = await startAuthentication({ optionsJSON });
  return await call<Json<UnlockGranted>>("POST", `/api/me/doors/${roomId}/unlock`, {
    body: assertionPayload(assertion),
    timeoutMs: UNLOCK_CALL_TIMEOUT_MS,
  });
}

export function useUnlock(email: string) {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (door: Door) => unlockRoom(door.roomId),
    // Offline it fails at once instead of waiting paused for the network.
    networkMode: "always",
    // Refused, the list (and whether Face ID is set up) may have moved on: read them again.
    onError: () => {
      void cache.invalidateQueries({ queryKey: MEMBER_DOORS_KEY });
      void cache.invalidateQueries({ queryKey: passkeyCheckKey(email) });
    },
  });
}
