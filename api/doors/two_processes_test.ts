// Alarms with two API processes on one database (spec 4 §2; issue 27): the same
// forced opening uploaded to both at once, and two openings while one is unresolved,
// raise one alarm; a door whose stream was on a process that was killed is found
// offline by the other, once. Needs a PostgreSQL server (DATABASE_URL).
import { assert, assertEquals } from "../testing/assert.ts";
import { type ApiProcess, startApi } from "../testing/api_process.ts";
import { addUser } from "../testing/test_app.ts";
import { serverDatabaseTest } from "../db/test_db.ts";
import { hashDeviceKey, newDeviceKey } from "../access/device_keys.ts";
import { OFFLINE_EVERY_MS } from "./watch.ts";

serverDatabaseTest("alarms with two API processes: one per cause, whichever process sees it", async (t, db) => {
  const { sql } = db;
  const apis: ApiProcess[] = [];
  try {
    await addUser(sql, { email: "admin@example.com", admin: true });
    const key = newDeviceKey();
    const [room] = await sql<{ id: number }[]>`insert into rooms (name) values ('Lab') returning id`;
    const [device] = await sql<{ id: number }[]>`
      insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
      values ('Lab Door', 'LAB-1', 'reader', ${room.id}, ${hashDeviceKey(key)}, now()) returning id`;
    const env = { DATABASE_URL: db.url, DEVICE_OFFLINE_SECONDS: "30" };
    apis.push(...await Promise.all([startApi(env), startApi(env)]));
    const [a, b] = apis;
    const upload = (api: ApiProcess, events: unknown[]) =>
      fetch(`${api.base}/api/access/devices/self/door-events`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(events),
      }).then(async (res) => ({ status: res.status, json: await res.json() }));
    const alarms = async (type: string) =>
      await sql<{ id: number; resolvedAt: Date | null }[]>`select id, resolved_at from alarms where device_id = ${device.id} and type = ${type}`;

    await t.step("one forced opening uploaded to both at once, and another to each: one alarm", async () => {
      const at = new Date(Date.now() - 2_000).toISOString();
      const same = [{ eventId: crypto.randomUUID(), at, type: "door.opened", released: false }];
      const answers = await Promise.all([upload(a, same), upload(b, same)]);
      assertEquals(answers.map((x) => x.status), [200, 200]);
      assertEquals(answers.map((x) => x.json.accepted).sort(), [0, 1], "stored once");
      const again = (api: ApiProcess) =>
        upload(api, [
          { eventId: crypto.randomUUID(), at: new Date().toISOString(), type: "door.closed" },
          { eventId: crypto.randomUUID(), at: new Date().toISOString(), type: "door.opened", released: false },
        ]);
      await Promise.all([again(a), again(b)]);
      assertEquals((await alarms("door.forced_open")).length, 1);
    });

    await t.step("its stream on A, A killed, silent since: B finds it offline, once", async () => {
      const stream = await fetch(`${a.base}/api/access/devices/self/stream`, { headers: { authorization: `Bearer ${key}` } });
      assertEquals(stream.status, 200);
      const vouched = async () =>
        (await sql`select stream_until > now() as open from device_presence where device_id = ${device.id}`)[0]?.open;
      for (let i = 0; i < 100 && !(await vouched()); i++) await new Promise((r) => setTimeout(r, 20));
      assert(await vouched(), "A vouches for its stream");
      await a.stop("SIGKILL");
      await stream.body?.cancel().catch(() => {});
      // A cannot say the stream closed: its word holds 45 s. The clock moved on past
      // that and DEVICE_OFFLINE_SECONDS (set back, rather than waited for).
      await sql`update device_presence set stream_until = now() - interval '31 seconds',
        last_seen_at = now() - interval '40 seconds' where device_id = ${device.id}`;
      for (let i = 0; i < (OFFLINE_EVERY_MS * 3) / 50 && !(await alarms("device.offline")).length; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, OFFLINE_EVERY_MS + 500)); // another pass of B's: still one
      const offline = await alarms("device.offline");
      assertEquals(offline.length, 1);
      assertEquals(offline[0].resolvedAt, null);
    });
  } finally {
    await Promise.all(apis.map((api) => api.stop("SIGKILL")));
  }
});
