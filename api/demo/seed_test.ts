import assert from "node:assert/strict";
import { verifyPassword } from "../auth/password.ts";
import { freshDatabase } from "../db/test_db.ts";
import { DEMO_ADMIN, DEMO_DENSITY_SPACE_ID, DEMO_MEMBER, seedDemo } from "./seed.ts";

const DAY = 86_400_000;
const NOW = new Date("2025-07-16T15:30:00Z"); // a Wednesday afternoon

const TABLES = [
  "users",
  "groups",
  "user_groups",
  "rooms",
  "group_rooms",
  "devices",
  "user_credentials",
  "lastlock_credentials",
  "device_credentials",
  "sensor_data",
  "access_logs",
];

Deno.test("demo seed", async (t) => {
  const db = await freshDatabase();
  const { sql } = db;
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(TABLES.map(async (table) => {
        const [row] = await sql`select count(*)::int as n from ${sql(table)}`;
        return [table, row.n as number];
      })),
    );
  try {
    await t.step("seeds an empty database quickly", async () => {
      const started = performance.now();
      assert.equal(await seedDemo(sql, NOW), true);
      const ms = performance.now() - started;
      assert.ok(ms < 5_000, `seeding took ${Math.round(ms)} ms`);
    });

    await t.step("has the promised amounts", async () => {
      const n = await counts();
      assert.ok(n.users >= 20, `${n.users} users`);
      assert.equal(n.groups, 6);
      assert.equal(n.rooms, 10);
      assert.equal(n.devices, 20);
      assert.ok(n.access_logs >= 3_000 && n.access_logs <= 6_000, `${n.access_logs} logs`);
      const [inactive] = await sql`select
        (select count(*) from users where not is_active)::int as users,
        (select count(*) from groups where not is_active)::int as groups,
        (select count(*) from rooms where not is_active)::int as rooms,
        (select count(*) from devices where not is_active)::int as devices,
        (select count(*) from devices where room_id is null)::int as unassigned`;
      assert.deepEqual({ ...inactive }, {
        users: 2,
        groups: 1,
        rooms: 1,
        devices: 1,
        unassigned: 3,
      });
    });

    await t.step("devices cover every type, with one density device in a room", async () => {
      const types = await sql`select distinct type from devices order by type`;
      assert.deepEqual(
        types.map((r) => r.type),
        ["camera", "density", "lastlock", "lock", "reader", "sensor"],
      );
      const density = await sql`select * from devices where type = 'density'`;
      assert.equal(density.length, 1);
      assert.ok(density[0].roomId);
      assert.equal(density[0].densitySpaceId, DEMO_DENSITY_SPACE_ID);
      assert.equal(density[0].densityAuthType, "bearer");
      assert.ok(density[0].densityApiToken);
      assert.equal(density[0].manufacturer, "Density Inc");
      const bad = await sql`select device_id from devices where device_id !~ '^DEV[0-9]{6}$'`;
      assert.equal(bad.length, 0);
      // The Last Lock test page's fixed device 16 and user 2 (fresh database).
      const [sixteen] = await sql`select type from devices where id = 16`;
      assert.equal(sixteen.type, "lastlock");
      const [two] = await sql`select email from users where id = 2`;
      assert.equal(two.email, DEMO_MEMBER.email);
    });

    await t.step("the demo accounts sign in; only the admin is in Admin", async () => {
      const accounts = await sql`select u.email, u.password_hash,
          exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
                  where ug.user_id = u.id and g.name = 'Admin' and g.is_active) as admin
        from users u where u.email in ${sql([DEMO_ADMIN.email, DEMO_MEMBER.email])}
        order by u.id`;
      assert.deepEqual(accounts.map((a) => [a.email, a.admin]), [
        [DEMO_ADMIN.email, true],
        [DEMO_MEMBER.email, false],
      ]);
      assert.ok(await verifyPassword(DEMO_ADMIN.password, accounts[0].passwordHash));
      assert.ok(await verifyPassword(DEMO_MEMBER.password, accounts[1].passwordHash));
      const [rooms] = await sql`select count(*)::int as n from group_rooms gr
        join groups g on g.id = gr.group_id where g.name = 'Admin'`;
      assert.equal(rooms.n, 10);
    });

    await t.step("logs span 30 days, busy on weekday hours, with names kept", async () => {
      const [span] = await sql`select min(timestamp) as first, max(timestamp) as last,
          count(*) filter (where user_name is null or device_name is null
                           or room_name is null or credential_type is null)::int as unnamed,
          count(*) filter (where outcome = 'denied')::int as denied,
          count(*)::int as total
        from access_logs`;
      assert.ok(span.first >= new Date(NOW.getTime() - 30 * DAY), String(span.first));
      assert.ok(span.first <= new Date(NOW.getTime() - 28 * DAY), String(span.first));
      assert.ok(span.last <= NOW && span.last >= new Date(NOW.getTime() - DAY), String(span.last));
      assert.equal(span.unnamed, 0);
      assert.ok(span.denied > span.total * 0.03 && span.denied < span.total * 0.25);
      const [mismatch] = await sql`select count(*)::int as n from access_logs l
        join devices d on d.id = l.device_id
        where d.room_id is distinct from l.room_id or d.name <> l.device_name`;
      assert.equal(mismatch.n, 0);
      const times = await sql`select timestamp from access_logs`;
      const busy = times.filter(({ timestamp: at }) =>
        at.getDay() > 0 && at.getDay() < 6 && at.getHours() >= 8 && at.getHours() < 19
      );
      assert.ok(busy.length > times.length * 0.7, `${busy.length} of ${times.length}`);
    });

    await t.step("a second call changes nothing", async () => {
      const before = await counts();
      assert.equal(await seedDemo(sql, NOW), false);
      assert.deepEqual(await counts(), before);
    });
  } finally {
    await db.close();
  }
});
