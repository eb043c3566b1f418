// The visits calls (spec 4 §5). Reads are cached like every read, so the lists show
// offline. Changes are never queued in the outbox: a create answers the pass link
// once (to that request), a new link likewise, and a revoke must keep the guest out
// now, not whenever the tablet finds a signal; so they are sent at once or not at
// all, like alarms and webhooks (offline the buttons are off: `Visitors need a
// connection`).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client";
import type { CreatedVisit as ServerCreated, NewPass, VisitRequest } from "../../../../api/visits/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import type { Visit } from "./visit_display";

export type CreatedVisit = Json<ServerCreated>;
export type VisitBody = Json<VisitRequest>;

const VISITS_PATH = "/api/visits";
const CALL_TIMEOUT_MS = 10_000;
const now = { networkMode: "always" } as const;

/** Every read of the visits (each tab's span, a member's guests): what a change makes stale. */
export const isVisitQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith(VISITS_PATH);

/** A list of visits (an admin's: all; a member's: their own guests) at that address. */
export const useVisits = (url: string, enabled = true) => useQuery<Visit[]>({ queryKey: [url], enabled });

// The pass links this page was answered (a create's, a new one's), by visit: in the
// page's memory only, never stored. Only the pass's hash is kept by the server, so a
// link not known here can only be replaced (POST …/new-pass).
const passLinks = new Map<number, string>();
export const knownPassLink = (visitId: number) => passLinks.get(visitId);

function useRefresh() {
  const cache = useQueryClient();
  return () => void cache.invalidateQueries({ predicate: isVisitQuery });
}

export function useCreateVisit() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (body: VisitBody) => call<CreatedVisit>("POST", VISITS_PATH, { body, timeoutMs: CALL_TIMEOUT_MS }),
    onSuccess: (visit) => {
      passLinks.set(visit.id, visit.passUrl);
      refresh();
    },
  });
}

export function useUpdateVisit() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: ({ visit, body }: { visit: Visit; body: VisitBody }) =>
      call<Visit>("PUT", `${VISITS_PATH}/${visit.id}`, { body, ifMatch: visit.updatedAt, timeoutMs: CALL_TIMEOUT_MS }),
    // Refused too (412: changed elsewhere; 409: ended meanwhile), the lists are read again.
    onSettled: refresh,
  });
}

export function useRevokeVisit() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: (visit: Visit) => call<Visit>("POST", `${VISITS_PATH}/${visit.id}/revoke`, { timeoutMs: CALL_TIMEOUT_MS }),
    onSettled: refresh,
  });
}

/** A new pass link (the guest's current one stops working), kept in memory like a create's. */
export function useNewPassLink() {
  const refresh = useRefresh();
  return useMutation({
    ...now,
    mutationFn: async (visit: Visit) => {
      const { passUrl } = await call<NewPass>("POST", `${VISITS_PATH}/${visit.id}/new-pass`, { timeoutMs: CALL_TIMEOUT_MS });
      passLinks.set(visit.id, passUrl);
      return passUrl;
    },
    onError: refresh,
  });
}
