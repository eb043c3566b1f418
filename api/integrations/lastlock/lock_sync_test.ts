// The lock sync (lock_sync.ts) through the whole app, the real client and the
// simulator: every way a credential must leave a lock (user, credential, device, room
// deactivated or deleted) and come back (reactivated), read from what the simulated
// lock holds; Last Lock down during a revocation; two syncs at once; what Threshold
// never assigned; drift; and two real API processes on one database.
import { assert, assertEquals } from "../../testing/assert.ts";
import { addUser, signInAdmin, signInAt, type TestApp } from "../../testing/test_app.ts";
import { startApi } from "../../testing/api_process.ts";
import { serverDatabaseTest } from "../../db/test_db.ts";
import type { Logger } from "../../http/logger.ts";
import { createLastLockClient } from "./client.ts";
import { LockSync, PERIOD_MS, RETRY_DELAYS_MS } from "./lock_sync.ts";
import type { LastLockSimulator } from "./simulator.ts";
import { describeLastLock, startSimulator, TEST_TIMEOUT_MS, TEST_TOKEN } from "./testing.ts";

type Line = { level: string; message: string; fields: Record<string, unknown> };

/** A logger that keeps its lines, for the tests to read. */
function recordingLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    void lines.push({ level, message, fields });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Waits until `check` holds, at most `ms` (a revocation must reach the lock within seconds). */
async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An admin, the three approved demo locks (70101 in room Executive Suite, 70102 in
 * Fitness Center, 70103 in none) and a way to give someone a credential on locks,
 * through the routes as an admin would.
 */
async function building(app: TestApp, simulator: LastLockSimulator) {
  const admin = await signInAdmin(app);
  await admin.request("POST", "/api/lastlock/devices/discover");
  const devices: Record<number, number> = {};
  for (const lock of [70101, 70102, 70103]) {
    const [{ id }] = await app.sql`select id from devices where last_lock_device_id = ${lock}`;
    assertEquals((await admin.request("POST", `/api/lastlock/devices/${id}/approve`)).status, 200);
    devices[lock] = id;
  }
  const rooms: Record<string, number> = {};
  for (const [name, lock] of [["Executive Suite", 70101], ["Fitness Center", 70102]] as const) {
    const room = await admin.request("POST", "/api/rooms", { body: { name } });
    rooms[name] = room.json.id;
    const moved = await admin.request("PATCH", `/api/devices/${devices[lock]}`, {
      body: { roomId: room.json.id },
    });
    assertEquals(moved.status, 200);
  }
  let people = 0;
  /** A new user with one credential assigned to `locks`: their ids and its Last Lock id. */
  const holder = async (locks: number[]) => {
    const email = `holder${++people}@example.com`;
    const userId = await addUser(app.sql, { email, firstName: "Holder", lastName: String(people) });
    const created = await admin.request("POST", `/api/lastlock/users/${userId}/credentials`, {
      body: { credentialType: "EM41XX", credentialData: btoa(`card-${people}`) },
    });
    assertEquals(created.status, 201);
    for (const lock of locks) {
      const res = await admin.request(
        "POST",
        `/api/lastlock/devices/${devices[lock]}/credentials/${created.json.id}`,
      );
      assertEquals(res.status, 201);
    }
    const providerId: string = created.json.providerCredentialId;
    for (const lock of locks) assert(simulator.state.assigned(lock).includes(providerId));
    return { userId, credentialId: created.json.id as number, providerId };
  };
  return { admin, devices, rooms, holder };
}

const syncOf = (app: TestApp, log: Logger, now?: () => Date) =>
  new LockSync({
    sql: app.sql,
    listen: app.listen,
    log,
    lastLock: app.integrations.lastLock,
    callTimeoutMs: TEST_TIMEOUT_MS,
    now,
  });

describeLastLock(
  "Last Lock lock sync: every way off the lock, and back on",
  async (t, { app, simulator }) => {
    const { admin, devices, rooms, holder } = await building(app, simulator);
    const log = recordingLogger();
    const stop = await syncOf(app, log).start();
    const holds = (lock: number, providerId: string) =>
      simulator.state.assigned(lock).includes(providerId);
    try {
      // Someone whose access nothing here touches: it stays on every lock throughout.
      const bystander = await holder([70101, 70102, 70103]);
      const bystanderStays = () => {
        for (const lock of [70101, 70102, 70103]) {
          assert(
            holds(lock, bystander.providerId),
            `bystander on ${lock}`,
          );
        }
      };

      await t.step(
        "a user deactivated: off every lock within seconds; reactivated: back on",
        async () => {
          const { userId, providerId } = await holder([70101, 70102]);
          const off = await admin.request("PATCH", `/api/users/${userId}/toggle-active`);
          assertEquals([off.status, off.json.isActive], [200, false]);
          await eventually(
            "off 70101 and 70102",
            () => !holds(70101, providerId) && !holds(70102, providerId),
          );
          const taken = log.lines.filter((line) =>
            line.message === "Last Lock: credential taken off a lock" &&
            line.fields.credential === providerId
          );
          assertEquals(
            taken.map((
              line,
            ) => [line.level, line.fields.lock, line.fields.reason, line.fields.userId]).sort(),
            [
              ["info", 70101, "user deactivated", userId],
              ["info", 70102, "user deactivated", userId],
            ],
          );
          const on = await admin.request("PATCH", `/api/users/${userId}/toggle-active`);
          assertEquals([on.status, on.json.isActive], [200, true]);
          await eventually(
            "back on 70101 and 70102",
            () => holds(70101, providerId) && holds(70102, providerId),
          );
          bystanderStays();
        },
      );

      await t.step("a user deleted: what they held comes off", async () => {
        const { userId, providerId } = await holder([70101, 70103]);
        assertEquals((await admin.request("DELETE", `/api/users/${userId}`)).status, 200);
        await eventually(
          "off 70101 and 70103",
          () => !holds(70101, providerId) && !holds(70103, providerId),
        );
        assert(
          log.lines.some((line) =>
            line.fields.credential === providerId && line.fields.reason === "user deleted"
          ),
        );
        bystanderStays();
      });

      await t.step("a credential deactivated, reactivated, then deleted", async () => {
        const { credentialId, providerId } = await holder([70102]);
        await app.sql`update lastlock_credentials set is_active = false where id = ${credentialId}`;
        await eventually("off 70102", () => !holds(70102, providerId));
        await app.sql`update lastlock_credentials set is_active = true where id = ${credentialId}`;
        await eventually("back on 70102", () => holds(70102, providerId));
        await app.sql`delete from lastlock_credentials where id = ${credentialId}`;
        await eventually("off 70102 once deleted", () => !holds(70102, providerId));
        bystanderStays();
      });

      await t.step(
        "a room deactivated: its lock holds nothing; reactivated: all back",
        async () => {
          const { providerId } = await holder([70101, 70102]);
          const room = rooms["Fitness Center"];
          assertEquals(
            (await admin.request("PATCH", `/api/rooms/${room}/toggle-active`)).json.isActive,
            false,
          );
          await eventually("70102 empty", () => simulator.state.assigned(70102).length === 0);
          assert(holds(70101, providerId), "a lock in another room keeps it");
          assertEquals(
            (await admin.request("PATCH", `/api/rooms/${room}/toggle-active`)).json.isActive,
            true,
          );
          await eventually(
            "70102 holds both again",
            () => holds(70102, providerId) && holds(70102, bystander.providerId),
          );
        },
      );

      await t.step(
        "a device deactivated: its lock holds nothing; reactivated: back; deleted: off",
        async () => {
          const { providerId } = await holder([70103]);
          const id = devices[70103];
          assertEquals(
            (await admin.request("PATCH", `/api/devices/${id}/toggle-active`)).json.isActive,
            false,
          );
          await eventually("70103 empty", () => simulator.state.assigned(70103).length === 0);
          assertEquals(
            (await admin.request("PATCH", `/api/devices/${id}/toggle-active`)).json.isActive,
            true,
          );
          await eventually(
            "70103 holds both again",
            () => holds(70103, providerId) && holds(70103, bystander.providerId),
          );
          assertEquals((await admin.request("DELETE", `/api/devices/${id}`)).status, 200);
          await eventually(
            "70103 empty once deleted",
            () => simulator.state.assigned(70103).length === 0,
          );
          const [{ n }] = await app
            .sql`select count(*)::int as n from device_credentials where device_id = ${id}`;
          assertEquals(n, 0, "Threshold's rows went with the device");
        },
      );

      await t.step("every queued pass was answered", async () => {
        await eventually(
          "queue empty",
          async () =>
            (await app.sql`select count(*)::int as n from lastlock_sync_queue`)[0].n === 0,
        );
      });
    } finally {
      stop();
    }
  },
);

describeLastLock(
  "Last Lock lock sync: Last Lock down during a revocation",
  async (t, { app, simulator, port }) => {
    const { admin, holder } = await building(app, simulator);
    const { userId, providerId } = await holder([70101]);
    let clock = Date.now();
    const log = recordingLogger();
    const sync = syncOf(app, log, () => new Date(clock));
    await sync.syncDue();
    const row = async () =>
      (await app.sql`select failures, last_error, next_pass_at,
      (select count(*)::int from lastlock_sync_queue q where q.last_lock_device_id = s.last_lock_device_id) as queued
      from lastlock_lock_syncs s where last_lock_device_id = 70101`)[0];

    await t.step("the pass fails, and nothing of the revocation is lost", async () => {
      await simulator.stop();
      assertEquals(
        (await admin.request("PATCH", `/api/users/${userId}/toggle-active`)).json.isActive,
        false,
      );
      assertEquals(await sync.syncDue(), 1);
      assert(
        simulator.state.assigned(70101).includes(providerId),
        "still on the lock: Last Lock was down",
      );
      const state = await row();
      assertEquals([state.failures, state.lastError, state.queued], [
        1,
        "Cannot reach the Last Lock service",
        1,
      ]);
      assertEquals(state.nextPassAt.getTime(), clock + RETRY_DELAYS_MS[0]);
      const failed = log.lines.find((line) =>
        line.message.startsWith("Last Lock lock sync: a pass failed")
      );
      assertEquals([failed?.level, failed?.fields.lock, failed?.fields.kind], [
        "warn",
        70101,
        "unreachable",
      ]);
    });

    await t.step("it backs off: not tried again before its time, however often woken", async () => {
      assertEquals(await sync.syncDue(), 0);
      clock += RETRY_DELAYS_MS[0];
      assertEquals(await sync.syncDue(), 1, "tried again once due: still down");
      assertEquals((await row()).failures, 2);
      clock += RETRY_DELAYS_MS[1] - 1;
      assertEquals(await sync.syncDue(), 0);
    });

    await t.step(
      "back up: the credential comes off at the next try, the queue is answered",
      async () => {
        await simulator.start(port);
        clock += 1;
        assertEquals(await sync.syncDue(), 1);
        assertEquals(simulator.state.assigned(70101).includes(providerId), false);
        const state = await row();
        assertEquals([state.failures, state.lastError, state.queued], [0, null, 0]);
        assertEquals(state.nextPassAt.getTime(), clock + PERIOD_MS);
      },
    );
  },
);

describeLastLock(
  "Last Lock lock sync: two at once do each lock's work once",
  async (t, { app, simulator }) => {
    const { admin, holder } = await building(app, simulator);
    const { userId, providerId } = await holder([70101, 70102]);
    const [a, b] = [syncOf(app, recordingLogger()), syncOf(app, recordingLogger())];
    await a.syncDue();

    await t.step(
      "a deactivation passes over each lock once, whichever sync claims it",
      async () => {
        assertEquals(
          (await admin.request("PATCH", `/api/users/${userId}/toggle-active`)).json.isActive,
          false,
        );
        // Slow answers: both syncs are at work at the same time.
        simulator.misbehave({ kind: "delay", ms: 300 }, { method: "ListDeviceCredentials" });
        const from = simulator.calls.length;
        const [byA, byB] = await Promise.all([a.syncDue(), b.syncDue()]);
        simulator.misbehave(null);
        assertEquals(byA + byB, 2, "two locks, one pass each");
        const calls = simulator.calls.slice(from);
        assertEquals(calls.filter((name) => name === "ListDeviceCredentials").length, 2);
        assertEquals(calls.filter((name) => name === "RemoveCredential").length, 2);
        assertEquals([simulator.state.assigned(70101), simulator.state.assigned(70102)], [[], []]);
        assert(!calls.includes("AssignCredential"), `${providerId} was not put back`);
      },
    );
  },
);

describeLastLock(
  "Last Lock lock sync: what Threshold never assigned, and drift",
  async (t, { app, simulator, target }) => {
    const { admin, devices, holder } = await building(app, simulator);
    const mine = await holder([70101, 70103]);
    // Someone at Last Lock itself, behind Threshold's back.
    const direct = createLastLockClient({
      target,
      apiToken: TEST_TOKEN,
      timeoutMs: TEST_TIMEOUT_MS,
    });
    const stranger = await direct.createCredential({
      userId: "installer",
      credentialType: "MIFARE_CLASSIC",
      credentialData: new Uint8Array([1, 2, 3]),
      schedule: null,
    });
    let clock = Date.now();
    const log = recordingLogger();
    const sync = syncOf(app, log, () => new Date(clock));
    const strangerAudits = async () => [
      ...await app
        .sql`select actor_type, actor_name, action, target_type, target_id, changes from audit_events
      where action = 'device.credential.remove' and actor_type = 'system' order by id`,
    ];

    await t.step("on a lock Threshold manages it comes off, logged and audited", async () => {
      await direct.assignCredential(70101, stranger.credentialId);
      await sync.syncDue();
      assertEquals(simulator.state.assigned(70101), [mine.providerId]);
      const warned = log.lines.find((line) => line.fields.credential === stranger.credentialId);
      assertEquals([warned?.level, warned?.fields.lastLockUserId, warned?.fields.lock], [
        "warn",
        "installer",
        70101,
      ]);
      assertEquals(await strangerAudits(), [{
        actorType: "system",
        actorName: "Threshold",
        action: "device.credential.remove",
        targetType: "device",
        targetId: devices[70101],
        changes: {
          credential: [{ id: null, name: `MIFARE_CLASSIC ${stranger.credentialId}` }, null],
          lastLockUserId: ["installer", null],
        },
      }]);
    });

    await t.step(
      "drift: what Last Lock lost, or holds unassigned, is put right at the periodic pass",
      async () => {
        const other = await holder([70102]);
        await sync.syncDue();
        await direct.removeCredential(70101, mine.providerId);
        await direct.assignCredential(70101, other.providerId);
        assertEquals(await sync.syncDue(), 0, "nothing due before the period");
        clock += PERIOD_MS;
        await sync.syncDue();
        assertEquals(simulator.state.assigned(70101), [mine.providerId]);
        const taken = log.lines.find((line) =>
          line.fields.credential === other.providerId && line.fields.lock === 70101
        );
        assertEquals(taken?.fields.reason, "not assigned to this lock");
      },
    );

    await t.step(
      "an assignment written straight to the database is registered and put on",
      async () => {
        const userId = await addUser(app.sql, { email: "seeded@example.com" });
        const [row] = await app
          .sql`insert into lastlock_credentials (user_id, credential_type, credential_data)
      values (${userId}, 'EM41XX', 'AQID') returning id`;
        await app.sql`insert into device_credentials (device_id, credential_id) values (${
          devices[70101]
        }, ${row.id})`;
        await sync.syncDue();
        const [{ providerCredentialId }] = await app
          .sql`select provider_credential_id from lastlock_credentials
      where id = ${row.id}`;
        assert(providerCredentialId, "registered with Last Lock");
        assert(simulator.state.assigned(70101).includes(providerCredentialId));
      },
    );

    await t.step(
      "a deleted device's lock loses what Threshold put there, and keeps the rest",
      async () => {
        await direct.assignCredential(70103, stranger.credentialId);
        assertEquals((await admin.request("DELETE", `/api/devices/${devices[70103]}`)).status, 200);
        await sync.syncDue();
        assertEquals(simulator.state.assigned(70103), [stranger.credentialId]);
        assertEquals((await strangerAudits()).length, 1, "nothing removed of its own accord");
        const [{ n }] = await app
          .sql`select count(*)::int as n from lastlock_lock_syncs where last_lock_device_id = 70103`;
        assertEquals(n, 0, "no longer looked after");
      },
    );
  },
);

serverDatabaseTest("Last Lock lock sync in two API processes on one database", async (t, db) => {
  const { simulator, target } = await startSimulator();
  const env = { DATABASE_URL: db.url, LASTLOCK_GRPC_HOST: target, LASTLOCK_API_TOKEN: TEST_TOKEN };
  const apis = await Promise.all([startApi(env), startApi(env)]);
  try {
    await addUser(db.sql, { email: "admin@example.com", admin: true });
    const memberId = await addUser(db.sql, { email: "member@example.com" });
    const [a, b] = apis;
    const cookie = await signInAt(a.base, "admin@example.com");
    const call = async (base: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: { origin: base, cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json() };
    };
    await call(a.base, "POST", "/api/lastlock/devices/discover");
    const [{ id: lock }] = await db.sql`select id from devices where last_lock_device_id = 70101`;
    await call(a.base, "POST", `/api/lastlock/devices/${lock}/approve`);
    const credential = await call(b.base, "POST", `/api/lastlock/users/${memberId}/credentials`, {
      credentialType: "EM41XX",
      credentialData: "AQID",
    });
    assertEquals(
      (await call(
        a.base,
        "POST",
        `/api/lastlock/devices/${lock}/credentials/${credential.json.id}`,
      )).status,
      201,
    );

    await t.step(
      "deactivated through one process: off the lock within seconds, removed once",
      async () => {
        // Both processes' first passes over the approved lock are over.
        await eventually(
          "first passes done",
          async () => (await db.sql`select count(*)::int as n from lastlock_sync_queue`)[0].n === 0,
          10_000,
        );
        const from = simulator.calls.length;
        const started = performance.now();
        assertEquals(
          (await call(b.base, "PATCH", `/api/users/${memberId}/toggle-active`)).json.isActive,
          false,
        );
        await eventually("off 70101", () => simulator.state.assigned(70101).length === 0);
        const took = performance.now() - started;
        // Time for a second process to repeat the work, if it were going to.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const removals = simulator.calls.slice(from).filter((name) => name === "RemoveCredential");
        assertEquals(removals.length, 1);
        assert(took < 3_000, `took ${took} ms`);
      },
    );
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    await simulator.stop();
  }
});
