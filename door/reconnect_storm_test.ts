// A reconnect storm (issue 32) with real processes: two API processes on one
// PostgreSQL database and 200 reference controllers (controller.ts) in this process.
//   1. All 200 start at the same instant (a fleet powered up together, or the first
//      start of a server): each fetches its list and opens its stream at once. A
//      lockdown started while they do is answered 2xx within 1 s, and every door
//      ends up holding a list that says lockdown.
//   2. Both processes are killed and started again: every door comes back. The
//      lockdown ended while they do is answered 2xx within 1 s, and every door ends
//      up holding a list without it.
// Neither process's breaker opens: the database is up all along.
// Sized (10,000 users over 20 rooms: lists of about 500 users) so that before issue 32
// the first storm opened a breaker in every run: statements that only waited in the
// process's own queue counted as database failures.
// Needs a PostgreSQL server (DATABASE_URL): the embedded database belongs to one process.
import { assert, assertEquals } from "../api/testing/assert.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { addUser, sessionCookie, TEST_PASSWORD } from "../api/testing/test_app.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { serverDatabaseTest } from "../api/db/test_db.ts";
import { DoorController } from "./controller.ts";
import { memoryStore } from "./state_file.ts";

const DOORS = 200;
const ANSWER_BUDGET_MS = 1_000;
/** How long every door may take to hold the new list (the controllers' backoff reaches 30 s). */
const DOORS_WAIT_MS = 60_000;
const BREAKER_OPENED = "database not available: answering 503";

serverDatabaseTest("a reconnect storm of 200 doors: a lockdown answered within 1 s, heard by every door", async (t, db) => {
  const apis: ApiProcess[] = [];
  const doors: DoorController[] = [];
  let breakerOpenings = 0;
  const ports = [freePort(), freePort()];
  const startBoth = async () => {
    const env = (port: number) => ({ DATABASE_URL: db.url, PORT: String(port), LOG_LEVEL: "error" });
    apis.splice(0, apis.length, ...await Promise.all(ports.map((port) => startApi(env(port)))));
  };
  const killBoth = async () => {
    await Promise.all(apis.map((api) => api.stop("SIGKILL")));
    for (const api of apis) breakerOpenings += api.stderr().split(BREAKER_OPENED).length - 1;
  };
  try {
    const keys = await seedDoorFleet(db.sql, { users: 10_000, rooms: 20, devices: DOORS });
    await addUser(db.sql, { email: "admin@example.com", admin: true });
    await startBoth();
    const bases = apis.map((api) => api.base);
    const signIn = await fetch(`${bases[0]}/api/auth/login`, {
      method: "POST",
      headers: { origin: bases[0], "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: TEST_PASSWORD }),
    });
    await signIn.body?.cancel();
    const cookie = sessionCookie(signIn.headers);
    /** An admin's call through process i, timed. */
    const admin = async (i: number, path: string, body?: unknown) => {
      const base = bases[i];
      const sent = performance.now();
      const res = await fetch(base + path, {
        method: "POST",
        headers: { origin: base, cookie, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json(), ms: performance.now() - sent };
    };
    /** Waits until every door's list says lockdown (or not); how many do not, if some never do. */
    const everyDoorHolds = async (lockdown: boolean) => {
      const until = performance.now() + DOORS_WAIT_MS;
      const behind = () => doors.filter((door) => door.list?.lockdown !== lockdown).length;
      while (behind() > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
      return behind();
    };

    let lockdownId = 0;
    await t.step("200 doors starting at once; a lockdown started meanwhile", async () => {
      for (const [i, key] of keys.entries()) {
        doors.push(new DoorController({ url: bases[i % 2], key, store: memoryStore(), print: () => {} }));
      }
      const starting = doors.map((door) => door.start());
      const started = await admin(0, "/api/lockdowns", { scope: "all", reason: "Storm drill" });
      assertEquals(started.status, 201, JSON.stringify(started.json));
      assert(started.ms < ANSWER_BUDGET_MS, `answered in ${started.ms.toFixed(0)} ms`);
      lockdownId = started.json.id;
      await Promise.all(starting);
      assertEquals(await everyDoorHolds(true), 0, "doors without the lockdown in their list");
    });

    await t.step("both processes killed and started again; the lockdown ended while the doors come back", async () => {
      await killBoth();
      await startBoth();
      const ended = await admin(1, `/api/lockdowns/${lockdownId}/end`);
      assertEquals(ended.status, 200, JSON.stringify(ended.json));
      assert(ended.ms < ANSWER_BUDGET_MS, `answered in ${ended.ms.toFixed(0)} ms`);
      assertEquals(await everyDoorHolds(false), 0, "doors still holding the lockdown");
    });

    await t.step("the breakers never opened: the database was up all along", async () => {
      await killBoth();
      assertEquals(breakerOpenings, 0);
    });
  } finally {
    await Promise.all(doors.map((door) => door.stop()));
    await Promise.all(apis.map((api) => api.stop("SIGKILL")));
  }
});
