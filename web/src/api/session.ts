// The current session: who is signed in, read from GET /api/auth/me.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { throwIfNotOk } from "./request";

export type SessionUser = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
};

export const SESSION_QUERY_KEY = ["/api/auth/me"] as const;
export const SESSION_STALE_TIME_MS = 5 * 60 * 1000;
export const SESSION_TIMEOUT_MS = 10_000;
const STORED_USER_KEY = "user";

/** The user, or null when the server answers 401 (nobody signed in). Other failures throw. */
async function fetchSession(): Promise<SessionUser | null> {
  const res = await fetch(SESSION_QUERY_KEY[0], {
    credentials: "include",
    signal: AbortSignal.timeout(SESSION_TIMEOUT_MS),
  });
  if (res.status === 401) {
    clearStoredUser();
    return null;
  }
  await throwIfNotOk(res);
  const { user } = (await res.json()) as { user: SessionUser };
  storeUser(user);
  return user;
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

/** The signed-in user as last stored in this browser (spec 1 §3: key "user"). */
export function readStoredUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? "null") as SessionUser | null;
  } catch {
    return null; // a corrupt entry means no stored user, not a crash
  }
}

export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  localStorage.removeItem(STORED_USER_KEY);
}
