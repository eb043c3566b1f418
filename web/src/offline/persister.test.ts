// The persister (Dexie on fake-indexeddb): the cache is written at most once a
// PERSIST_EVERY_MS while it keeps changing, at once when the app is hidden, and
// never for a user who is no longer the one signed in here.
import "fake-indexeddb/auto";
import "./local_storage_stand_in";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PersistedClient } from "@tanstack/react-query-persist-client";

// The page's events, as a browser fires them.
const page = Object.assign(new EventTarget(), { visibilityState: "visible" });
vi.stubGlobal("document", page);
vi.stubGlobal("window", page);

const { forgetUser, storeUser } = await import("./storage");
const { db } = await import("./db");
const { PERSIST_EVERY_MS, persister } = await import("./persister");

const userA = { id: 1, firstName: "Ada", lastName: "A", email: "a@x.test", isActive: true, isAdmin: true };
const userB = { id: 2, firstName: "Bo", lastName: "B", email: "b@x.test", isActive: true, isAdmin: true };

/** A cache holding one query, `/api/users`, answered `data`. */
const client = (data: unknown): PersistedClient => ({
  timestamp: Date.now(),
  buster: "v1",
  clientState: {
    mutations: [],
    queries: [{ queryKey: ["/api/users"], queryHash: '["/api/users"]', dehydratedAt: Date.now(), state: { data, status: "success" } as never }],
  },
});
const saved = async () => {
  const row = await db.cache.get("client");
  return row && { userId: row.userId, data: row.value.clientState.queries[0]?.state.data };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await db.cache.clear();
  storeUser(userA);
});
afterEach(() => vi.useRealTimers());

describe("persister", () => {
  it("writes the newest cache once per PERSIST_EVERY_MS while it keeps changing, not at every change", async () => {
    await persister.persistClient(client(["first"]));
    await persister.persistClient(client(["second"]));
    await persister.persistClient(client(["third"]));
    expect(await saved()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(PERSIST_EVERY_MS);
    expect(await saved()).toEqual({ userId: 1, data: ["third"] });
    await persister.persistClient(client(["fourth"]));
    await vi.advanceTimersByTimeAsync(PERSIST_EVERY_MS);
    expect(await saved()).toEqual({ userId: 1, data: ["fourth"] });
  });

  it("writes at once when the app is hidden (another app, a closed tab)", async () => {
    await persister.persistClient(client(["read just now"]));
    page.visibilityState = "hidden";
    page.dispatchEvent(new Event("visibilitychange"));
    page.visibilityState = "visible";
    await vi.waitFor(async () => expect(await saved()).toEqual({ userId: 1, data: ["read just now"] }));
  });

  it("never writes one user's cache once they signed out, even when they or another sign in before it was due", async () => {
    await persister.persistClient(client(["Ada's"]));
    await forgetUser(true);
    storeUser(userA);
    await vi.advanceTimersByTimeAsync(PERSIST_EVERY_MS);
    expect(await saved()).toBeUndefined();

    await persister.persistClient(client(["Ada's again"]));
    storeUser(userB);
    await vi.advanceTimersByTimeAsync(PERSIST_EVERY_MS);
    expect(await saved()).toBeUndefined();
  });

  it("nothing is kept while nobody is signed in", async () => {
    await forgetUser(true);
    await persister.persistClient(client(["nobody's"]));
    await vi.advanceTimersByTimeAsync(PERSIST_EVERY_MS);
    expect(await saved()).toBeUndefined();
  });
});
