// Everything Threshold keeps in this browser, in one place: the IndexedDB tables
// (the persisted query cache and the outbox), the localStorage keys, and the
// wiping at sign-out. A shared tablet passes from person to person, so whatever
// belongs to a person is tagged with their user id, shown and sent only while
// they are the signed-in user here, and gone (or, for their waiting changes,
// kept only for their own next sign-in) when they sign out.
//
// The IndexedDB tables are in db.ts, loaded only when first needed: a visitor
// nobody has signed in as here (the first visit to /login) never needs them.
import { useSyncExternalStore } from "react";
import type { SessionUser } from "../api/session";

/** localStorage keys. user and rememberedEmail are the spec's (spec 1 §3). */
const KEYS = {
  user: "user",
  rememberedEmail: "rememberedEmail",
  /** Set from the moment someone signs out until the server has ended the session. */
  signOutPending: "signOutPending",
} as const;

function readJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null; // storage blocked or a corrupt entry: nothing stored
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked or full: these keys are conveniences, the server decides
  }
}

// --- The signed-in user of this browser: the owner of what is stored. ---

let user = readJson<SessionUser>(KEYS.user);
const listeners = new Set<() => void>();

function setUser(next: SessionUser | null) {
  user = next;
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes the owner here too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === KEYS.user || event.key === null) setUser(readJson<SessionUser>(KEYS.user));
  });
}

/** The user this browser last saw signed in (spec 1 §3: key "user"), or null. */
export function storedUser(): SessionUser | null {
  return user;
}

export function storeUser(next: SessionUser): void {
  write(KEYS.user, JSON.stringify(next));
  setUser(next);
}

/** Calls `listener` whenever someone signs in or out here (in any tab); returns the unsubscribe. */
export function onStoredUserChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored user, re-rendering when someone signs in or out (in any tab). */
export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(onStoredUserChange, () => user, () => user);
}

// --- The remembered e-mail: kept across sign-outs, as the spec keeps it. ---

export function readRememberedEmail(): string {
  try {
    return localStorage.getItem(KEYS.rememberedEmail) ?? "";
  } catch {
    return ""; // storage blocked: start empty
  }
}

export function rememberEmail(email: string): void {
  write(KEYS.rememberedEmail, email);
}

// --- A sign-out the server has not heard of yet. ---

export function isSignOutPending(): boolean {
  return readJson<boolean>(KEYS.signOutPending) === true;
}

export function setSignOutPending(pending: boolean): void {
  write(KEYS.signOutPending, pending ? "true" : null);
}

// --- Wiping. ---

/**
 * Forgets the signed-out user here: the stored user and their persisted cache,
 * and their waiting changes unless they chose to keep them for their next
 * sign-in on this device. The remembered e-mail stays (spec 1 §3).
 */
export async function forgetUser(keepChanges: boolean): Promise<void> {
  const userId = user?.id;
  write(KEYS.user, null);
  setUser(null);
  const { db } = await import("./db");
  await db.transaction("rw", db.cache, db.outbox, async () => {
    await db.cache.clear();
    if (!keepChanges && userId !== undefined) await db.outbox.where("userId").equals(userId).delete();
  });
}
