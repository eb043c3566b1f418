// Spec 3 §7: two API processes on one PostgreSQL database, as behind a load
// balancer. A lockdown started through one is heard within 1 s by a door's stream
// and a dashboard's stream on the other; each webhook delivery is sent once while
// both send; housekeeping ran in one of them; an unlock command reaches a door
// controller connected to the other, and its acknowledgement reaches the first
// one's dashboard as door.unlocked_remotely. Needs a PostgreSQL server
// (DATABASE_URL): the embedded database belongs to one process.
import { assert, assertEquals } from "./testing/assert.ts";
import { type ApiProcess, startApi } from "./testing/api_process.ts";
import { addUser, signInAt } from "./testing/test_app.ts";
import { events } from "./testing/sse.ts";
import { startReceiver } from "./testing/webhook_receiver.ts";
import { serverDatabaseTest } from "./db/test_db.ts";
import { DoorController } from "../door/controller.ts";
import { fileStore } from "../door/state_file.ts";

serverDatabaseTest("two API processes on one database", async (t, db) => {
  const receiver = await startReceiver();
  const apis: ApiProcess[] = [];
  const work = await Deno.makeTempDir({ prefix: "threshold-two-" });
  let door: DoorController | undefined;
  try {
    const { sql } = db;
    await addUser(sql, { email: "admin@example.com", admin: true });
    const env = { DATABASE_URL: db.url, WEBHOOK_ALLOW_PRIVATE: "true" };
    const [a, b] = await Promise.all([startApi(env), startApi(env)]);
    apis.push(a, b);

    const call = async (api: ApiProcess, method: string, path: string, cookie: string, body?: unknown) => {
      const res = await fetch(api.base + path, {
        method,
        headers: { origin: api.base, cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json() };
    };
    // One session, good at either process: sessions live in the database.
    const cookie = await signInAt(a.base, "admin@example.com");
    const room = await call(a, "POST", "/api/rooms", cookie, { name: "Lab" });
    const device = await call(b, "POST", "/api/devices", cookie, { name: "Lab Door", type: "lock", roomId: room.json.id });
    const key = await call(a, "POST", `/api/devices/${device.json.id}/api-key`, cookie);
    assertEquals([room.status, device.status, key.status], [201, 201, 201]);

    await t.step("housekeeping ran in one process: both looked at start, one claimed the run", async () => {
      const [row] = await sql`select runs, last_run_at from housekeeping`;
      assertEquals(row.runs, 1);
      assert(row.lastRunAt);
    });

    await t.step("a lockdown started through A: B's door stream and dashboard stream hear it within 1 s", async () => {
      const doorRes = await fetch(`${b.base}/api/access/devices/self/stream`, { headers: { authorization: `Bearer ${key.json.apiKey}` } });
      const dashRes = await fetch(`${b.base}/api/events/stream`, { headers: { cookie } });
      assertEquals([doorRes.status, dashRes.status], [200, 200]);
      const doorStream = events(doorRes);
      const dashStream = events(dashRes);
      // The door's stream starts with where its list stands.
      const first = await doorStream.next();
      assert(first !== "closed" && first.event === "list-changed");
      const started = performance.now();
      const lockdown = await call(a, "POST", "/api/lockdowns", cookie, { scope: "all", reason: "Drill" });
      assertEquals(lockdown.status, 201);
      const [atDoor, atDash] = await Promise.all([
        doorStream.next(1_000).then((e) => [e, performance.now() - started] as const),
        (async () => {
          while (true) {
            const e = await dashStream.next(1_000);
            if (e === "closed" || e.event === "lockdown.started") return [e, performance.now() - started] as const;
          }
        })(),
      ]);
      assert(atDoor[0] !== "closed" && atDoor[0].event === "list-changed", "the door heard no list-changed");
      assert(atDash[0] !== "closed" && JSON.parse(atDash[0].data).id === lockdown.json.id);
      assert(atDoor[1] < 1_000 && atDash[1] < 1_000, `door ${atDoor[1]} ms, dashboard ${atDash[1]} ms`);
      await call(b, "POST", `/api/lockdowns/${lockdown.json.id}/end`, cookie);
      await doorStream.cancel();
      await dashStream.cancel();
    });

    await t.step("each webhook delivery is sent once while both processes send", async () => {
      const hook = await call(a, "POST", "/api/webhooks", cookie, { url: `${receiver.url}/once`, eventTypes: ["lockdown.started"] });
      assertEquals(hook.status, 201);
      for (let i = 0; i < 20; i++) {
        const sent = await call(i % 2 ? a : b, "POST", `/api/webhooks/${hook.json.id}/test`, cookie);
        assertEquals(sent.status, 201);
      }
      const ids = () => receiver.received.filter((r) => r.path === "/once").map((r) => r.headers.get("webhook-id"));
      for (let i = 0; i < 100 && ids().length < 20; i++) await new Promise((r) => setTimeout(r, 50));
      // A moment more: a second send of any of them would arrive now.
      await new Promise((r) => setTimeout(r, 1_000));
      assertEquals([ids().length, new Set(ids()).size], [20, 20]);
      const [row] = await sql`select count(*)::int as n from webhook_deliveries where status = 'delivered' and attempts = 1`;
      assertEquals(row.n, 20);
    });

    await t.step("an unlock command reaches a controller connected to B; A's dashboard hears the door unlocked", async () => {
      const dashRes = await fetch(`${a.base}/api/events/stream`, { headers: { cookie } });
      const dash = events(dashRes);
      const lines: string[] = [];
      door = new DoorController({ url: b.base, key: key.json.apiKey, store: fileStore(`${work}/state.json`), print: (l) => lines.push(l) });
      await door.start();
      for (let i = 0; i < 250 && !lines.some((l) => /stream connected/.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
      // As the members' unlock does it (spec 3 §4), from whichever process took the request.
      const [command] = await sql`insert into device_commands (device_id, user_name, expires_at)
        values (${device.json.id}, 'Ada Lovelace', now() + interval '1 minute') returning id`;
      while (true) {
        const e = await dash.next(5_000);
        assert(e !== "closed");
        if (e.event !== "door.unlocked_remotely") continue;
        const data = JSON.parse(e.data);
        assertEquals([data.commandId, data.deviceName, data.roomName, data.userName], [command.id, "Lab Door", "Lab", "Ada Lovelace"]);
        break;
      }
      assert(lines.includes("door unlocked remotely for Ada Lovelace"), JSON.stringify(lines));
      await dash.cancel();
    });
  } finally {
    await door?.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await receiver.stop();
    await Deno.remove(work, { recursive: true });
  }
});
