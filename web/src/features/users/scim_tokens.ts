// The SCIM tokens' calls (spec 4 §6). The list is read like every read, into the
// persisted cache, so the tab shows it offline; it holds names and times, never a
// token. Changes are never queued in the outbox: a create answers its token once,
// to that request, and a revoke must shut the identity provider out now, not when
// the tablet next finds a signal; so they are sent at once or not at all, like
// webhooks' and visits' (offline the buttons are off). No Idempotency-Key either:
// the server would keep a keyed answer, the token in it, for a day.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client";
import type {
  NewScimToken as ServerNewToken,
  ScimToken as ServerToken,
  ScimTokenRequest,
} from "../../../../api/scim/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

/** A token as the list shows it; the secret itself is never read back. */
export type ScimToken = Json<ServerToken>;
/** POST's answer: the token, this once. */
export type NewScimToken = Json<ServerNewToken>;

export const SCIM_TOKENS_PATH = "/api/scim-tokens";
const now = { networkMode: "always" } as const;

export const useScimTokens = () => useQuery<ScimToken[]>({ queryKey: [SCIM_TOKENS_PATH] });

function useRefresh() {
  const cache = useQueryClient();
  return () => void cache.invalidateQueries({ queryKey: [SCIM_TOKENS_PATH] });
}

/**
 * Its answer holds the token: the screen keeps it in its own state until its
 * dialog closes. `gcTime: 0` drops the mutation (and the answer in it) from React
 * Query's cache as soon as nothing observes it, instead of five minutes later.
 */
export function useCreateScimToken() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    gcTime: 0,
    mutationFn: (body: ScimTokenRequest) => call<NewScimToken>("POST", SCIM_TOKENS_PATH, { body }),
    onSuccess: refresh,
  });
}

export function useRevokeScimToken() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (token: ScimToken) => call("DELETE", `${SCIM_TOKENS_PATH}/${token.id}`),
    // Refused too (404: revoked elsewhere meanwhile), the list is read again.
    onSettled: refresh,
  });
}
