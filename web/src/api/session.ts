// The current session: who is signed in, read from GET /api/auth/me. The user
// it finds is stored in this browser (offline/storage.ts) as the owner of what
// the browser keeps; an answer that nobody is signed in forgets that user here.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "./api_error";
import { call, SignOutPendingError } from "./client";
import { forgetUser, storedUser, storeUser } from "../offline/storage";
import type { SessionUser as ServerSessionUser } from "../../../api/auth/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

/** The signed-in user as /api/auth/me answers it (api/auth/contract.ts). */
export type SessionUser = Json<ServerSessionUser>;

export const SESSION_QUERY_KEY = ["/api/auth/me"] as const;
export const SESSION_STALE_TIME_MS = 5 * 60 * 1000;
export const SESSION_TIMEOUT_MS = 10_000;

/** The user, or null when nobody is signed in (the server's 401, or a sign-out not yet sent). Other failures throw. */
async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await call<{ user: SessionUser }>("GET", SESSION_QUERY_KEY[0], { timeoutMs: SESSION_TIMEOUT_MS });
    storeUser(user);
    return user;
  } catch (error) {
    if (error instanceof SignOutPendingError) return null; // signed out here, whatever the server still thinks
    if (error instanceof ApiError && error.status === 401) {
      // The session ended (expired, deactivated, signed out elsewhere): what this
      // browser kept for that user goes, but for changes still waiting for them.
      await forgetUser(true);
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  staleTime: SESSION_STALE_TIME_MS,
  retry: false,
  refetchOnWindowFocus: false,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The session as a page rendered on the server says it (app/prerender.tsx): the
 * user it was rendered for, or null for a public page (sent only to a browser
 * without a session cookie). It is what the me call would answer, with the same
 * effects: the user is stored here, or nobody being signed in forgets the user
 * this browser last saw, but for their waiting changes.
 */
export function startWithSession(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  if (user) storeUser(user);
  else if (storedUser()) void forgetUser(true);
}
