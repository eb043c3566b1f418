// The outbox itself (Dexie on fake-indexeddb) against a real local HTTP server
// that records every Idempotency-Key and applies each key's effect once, as the
// API does. No fetch mocks: the network is cut by closing the server's sockets.
import "fake-indexeddb/auto";
import "./local_storage_stand_in";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.stubGlobal("navigator", { onLine: true });

const { forgetUser, isSignOutPending, setSignOutPending, storeUser } = await import("./storage");
const { db } = await import("./db");
const { submit, replay, keepMine, retry, discard, startOutbox } = await import("./outbox");
const { entitiesOf } = await import("../api/mutations");

const userA = { id: 1, firstName: "Ada", lastName: "A", email: "a@x.test", isActive: true, isAdmin: true };
const userB = { id: 2, firstName: "Bo", lastName: "B", email: "b@x.test", isActive: true, isAdmin: true };

type Seen = { method: string; path: string; key: string; ifMatch?: string; user?: string };
let seen: Seen[] = [];
let effects = new Map<string, number>(); // path → times applied
const answers = new Map<string, { status: number; body: string }>(); // key → first answer
let version = "v1";
let loseAnswerOf: string | undefined; // apply, then drop the connection without answering
let refuse: ((req: IncomingMessage) => { status: number; body: unknown } | undefined) | undefined;
let server: Server;
let base = "";

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const key = String(req.headers["idempotency-key"] ?? "");
    seen.push({
      method: req.method!,
      path: req.url!,
      key,
      ifMatch: req.headers["if-match"] as string | undefined,
      user: req.headers["threshold-user"] as string | undefined,
    });
    const first = key ? answers.get(key) : undefined; // calls without a key (the logout) are not replays
    if (first) return res.writeHead(first.status, { "content-type": "application/json" }).end(first.body);
    const refusal = refuse?.(req);
    let status = 200;
    let answer: unknown;
    if (refusal) {
      ({ status, body: answer } = refusal);
    } else {
      effects.set(req.url!, (effects.get(req.url!) ?? 0) + 1);
      if (req.method === "PUT") version = `v${Number(version.slice(1)) + 1}`;
      answer = req.url === "/api/users" ? { id: 77, ...JSON.parse(body || "{}") } : { id: 5, updatedAt: version };
    }
    const text = JSON.stringify(answer);
    // As on the API, a 401 comes before the key is looked at: it is not the key's answer.
    if (key && status !== 401) answers.set(key, { status, body: text }); // a refusal is the key's answer too, as on the API
    if (loseAnswerOf && req.url === loseAnswerOf) {
      loseAnswerOf = undefined;
      return req.socket.destroy();
    }
    res.writeHead(status, { "content-type": "application/json" }).end(text);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal("location", { href: `${base}/dash` }); // the page's address: relative calls go to the test server
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(async () => {
  await db.outbox.clear();
  setSignOutPending(false);
  storeUser(userA);
  seen = [];
  effects = new Map();
  answers.clear();
  version = "v1";
  refuse = undefined;
  loseAnswerOf = undefined;
  (navigator as { onLine: boolean }).onLine = true;
});

const change = (method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, extra: object = {}) => ({
  request: { method, path: `${base}${path}`, ...extra },
  entities: entitiesOf(path), // as useChange names them
  label: `${method} ${path}`,
  affects: [],
});

describe("outbox against a real HTTP server", () => {
  it("queued offline, replayed in order once online, each effect once", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    const outcomes = await Promise.all([
      submit(change("PATCH", "/api/users/5/toggle-active")),
      submit(change("POST", "/api/groups/3/users/5")),
      submit(change("DELETE", "/api/groups/3/users/6")),
    ]);
    expect(outcomes.map((o) => o.state)).toEqual(["queued", "queued", "queued"]);
    expect(seen).toHaveLength(0);
    const keys = (await db.outbox.orderBy("seq").toArray()).map((r) => r.key);

    (navigator as { onLine: boolean }).onLine = true;
    await replay();
    expect(seen.map((s) => s.path)).toEqual(["/api/users/5/toggle-active", "/api/groups/3/users/5", "/api/groups/3/users/6"]);
    expect(seen.map((s) => s.key)).toEqual(keys); // the keys made when queued
    expect([...effects.values()]).toEqual([1, 1, 1]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("an answer lost after the server applied it: the same key goes again, no second effect", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    void submit(change("PATCH", "/api/users/6/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    (navigator as { onLine: boolean }).onLine = true;
    loseAnswerOf = "/api/users/5/toggle-active";
    await replay(); // the connection drops: retried later
    expect(await db.outbox.count()).toBe(2);
    await replay();
    expect(await db.outbox.count()).toBe(0);
    const toggles = seen.filter((s) => s.path === "/api/users/5/toggle-active");
    expect(toggles).toHaveLength(2);
    expect(toggles[0].key).toBe(toggles[1].key);
    expect(effects.get("/api/users/5/toggle-active")).toBe(1);
    expect(effects.get("/api/users/6/toggle-active")).toBe(1);
  });

  it("a conflict holds the entity's later changes; Keep mine resends under a new key with the server's version", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    refuse = (req) =>
      req.method === "PUT" && req.headers["if-match"] === '"v0"'
        ? { status: 412, body: { error: "changed", current: { id: 5, updatedAt: "v1", firstName: "Theirs" } } }
        : undefined;
    void submit(change("PUT", "/api/users/5", { body: { firstName: "Mine" }, baseVersion: "v0" }));
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    void submit(change("PATCH", "/api/users/9/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(3));
    (navigator as { onLine: boolean }).onLine = true;
    await replay();
    const rows = await db.outbox.orderBy("seq").toArray();
    expect(rows.map((r) => r.status)).toEqual(["conflict", "waiting"]); // users/9 went on
    expect(rows[0].current).toMatchObject({ firstName: "Theirs" });
    const oldKey = rows[0].key;

    await keepMine(rows[0]);
    expect(await db.outbox.count()).toBe(0);
    const puts = seen.filter((s) => s.method === "PUT");
    expect(puts.map((p) => p.ifMatch)).toEqual(['"v0"', '"v1"']);
    expect(puts[1].key).not.toBe(oldKey);
    expect(effects.get("/api/users/5")).toBe(1);
    expect(effects.get("/api/users/5/toggle-active")).toBe(1);
  });

  it("a later edit of the same entity is rebased on the version the earlier own change produced", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    void submit(change("PUT", "/api/users/5", { body: { firstName: "A" }, baseVersion: "v1" }));
    void submit(change("PUT", "/api/users/5", { body: { firstName: "B" }, baseVersion: "v1" }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    (navigator as { onLine: boolean }).onLine = true;
    await replay();
    expect(await db.outbox.count()).toBe(0);
    expect(seen.map((s) => s.ifMatch)).toEqual(['"v1"', '"v2"']);
  });

  it("a refused change is held with the server's message; Retry sends it under a new key", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    let refusing = true;
    refuse = () => (refusing ? { status: 403, body: { error: "Admin access required" } } : undefined);
    void submit(change("PATCH", "/api/rooms/4/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    (navigator as { onLine: boolean }).onLine = true;
    await replay();
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({ status: "failed", error: "Admin access required" });
    refusing = false;
    await retry(held.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(seen).toHaveLength(2);
    expect(seen[1].key).not.toBe(seen[0].key);
    expect(effects.get("/api/rooms/4/toggle-active")).toBe(1);
  });

  it("an integration's 502 on a gatewayFails change goes back to the waiting screen, not into the retry loop", async () => {
    refuse = (req) =>
      req.url === "/api/lastlock/devices/discover" ? { status: 502, body: { error: "Cannot reach the Last Lock service" } } : undefined;
    const outcome = await submit({ ...change("POST", "/api/lastlock/devices/discover"), gatewayFails: true });
    expect(outcome.state).toBe("refused");
    expect(outcome.state === "refused" && outcome.error.message).toContain("Cannot reach the Last Lock service");
    expect(await db.outbox.count()).toBe(0);
    expect(seen).toHaveLength(1);
    // A success tells the screen its HTTP status too (the lock test page shows it).
    expect(await submit(change("POST", "/api/lastlock/devices/4/approve"))).toMatchObject({ state: "sent", status: 200 });
  });

  it("online, the screen gets the answer; a create's temporary id is rewritten in later changes", async () => {
    (navigator as { onLine: boolean }).onLine = false;
    const created = submit({ ...change("POST", "/api/users", { body: { email: "n@x.test" } }), tempId: -42 });
    void submit(change("POST", "/api/groups/3/users/-42"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect((await created).state).toBe("queued");
    (navigator as { onLine: boolean }).onLine = true;
    await replay();
    expect(seen.map((s) => s.path)).toEqual(["/api/users", "/api/groups/3/users/77"]);
    const online = await submit(change("PATCH", "/api/users/77/toggle-active"));
    expect(online).toMatchObject({ state: "sent", result: { id: 5 } });
  });
});

describe("one tablet, several people", () => {
  const offline = () => ((navigator as { onLine: boolean }).onLine = false);
  const online = () => ((navigator as { onLine: boolean }).onLine = true);

  it("A's changes wait while B is signed in, never go under B, and go under A at A's next sign-in", async () => {
    offline();
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    void submit(change("PUT", "/api/rooms/3", { body: { name: "A's name" } }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    await forgetUser(true); // A signs out, keeping the changes
    storeUser(userB);
    online();
    // B's own change is sent; had A's been eligible, they would have gone first (in order).
    expect(await submit(change("PATCH", "/api/users/9/toggle-active"))).toMatchObject({ state: "sent" });
    expect(seen.map((s) => [s.path, s.user])).toEqual([["/api/users/9/toggle-active", "2"]]);
    expect((await db.outbox.toArray()).map((r) => r.userId)).toEqual([1, 1]);

    storeUser(userA);
    await replay();
    expect(seen.slice(1).map((s) => [s.path, s.user])).toEqual([
      ["/api/users/5/toggle-active", "1"],
      ["/api/rooms/3", "1"],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("nobody can retry or discard another person's held change", async () => {
    refuse = () => ({ status: 403, body: { error: "Admin access required" } });
    offline();
    void submit(change("PATCH", "/api/rooms/4/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    online();
    await replay();
    const [held] = await db.outbox.toArray();
    expect(held.status).toBe("failed");
    storeUser(userB);
    refuse = undefined;
    await retry(held.seq!);
    await discard(held);
    expect(await db.outbox.toArray()).toMatchObject([{ seq: held.seq, status: "failed", userId: 1 }]);
    expect(seen).toHaveLength(1);
  });

  it("a 401 (the session ended, or is not the row's user's) keeps the change waiting for its user", async () => {
    let ended = true;
    refuse = () => (ended ? { status: 401, body: { error: "Not authenticated" } } : undefined);
    offline();
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    online();
    await replay();
    expect(await db.outbox.toArray()).toMatchObject([{ status: "waiting" }]);
    ended = false; // signed in again
    await replay();
    expect(await db.outbox.count()).toBe(0);
    expect(effects.get("/api/users/5/toggle-active")).toBe(1);
  });

  it("a sign-out the server has not heard of goes first; until it has, nothing else is sent", async () => {
    offline();
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    setSignOutPending(true);
    online();
    let logoutDown = true;
    refuse = (req) =>
      req.url === "/api/auth/logout" && logoutDown ? { status: 503, body: { error: "The database is not available" } } : undefined;
    await replay();
    expect(seen.map((s) => s.path)).toEqual(["/api/auth/logout"]); // and nothing with the old cookie
    expect(isSignOutPending()).toBe(true);
    logoutDown = false;
    await replay();
    expect(seen.map((s) => s.path)).toEqual(["/api/auth/logout", "/api/auth/logout", "/api/users/5/toggle-active"]);
    expect(isSignOutPending()).toBe(false);
  });

  it("a sign-out the server did not take when the network came back is tried again, with nothing else to send", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await forgetUser(true); // signed out offline: nobody is signed in here
      setSignOutPending(true);
      let logoutDown = true;
      refuse = (req) =>
        req.url === "/api/auth/logout" && logoutDown ? { status: 503, body: { error: "The database is not available" } } : undefined;
      vi.stubGlobal("window", { addEventListener: () => {} });
      startOutbox();
      await vi.waitFor(() => expect(seen.map((s) => s.path)).toEqual(["/api/auth/logout"]));
      expect(isSignOutPending()).toBe(true);
      logoutDown = false;
      await vi.advanceTimersByTimeAsync(15_000);
      await vi.waitFor(() => expect(isSignOutPending()).toBe(false));
      expect(seen.map((s) => s.path)).toEqual(["/api/auth/logout", "/api/auth/logout"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("signing out wipes the persisted cache; discarding drops only that person's changes", async () => {
    offline();
    void submit(change("PATCH", "/api/users/5/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    storeUser(userB);
    void submit(change("PATCH", "/api/users/6/toggle-active"));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    await db.cache.put({ key: "client", userId: 2, value: { timestamp: 0, buster: "v1", clientState: { queries: [], mutations: [] } } });
    await forgetUser(false);
    expect(await db.cache.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.userId)).toEqual([1]);
  });
});
