// The access review at building scale (spec 4 §7; issue 31): 10,000 users, one room
// held by a group of all of them on a schedule (and by 50 groups more), through a real
// API process on a throwaway database on the PostgreSQL server named by DATABASE_URL.
// Budget: under 150 ms (p50; p99 printed beside it) for each of "both answer ... and
// export as CSV": GET /api/rooms/{id}/access, its CSV, and GET /api/users/{id}/access
// for a person in every group.
//
//   npx deno run -A bench/access_review.ts     (USERS=, CALLS= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { startApi } from "../api/testing/api_process.ts";
import { atApiPriority, env, percentile, summary } from "./figures.ts";

const USERS = env("USERS", 10_000);
const CALLS = env("CALLS", 50);
const BUDGET_MS = 150;
/** As the schedules' calls store a week: every day named (schedule_time.ts). */
const day = [{ start: "08:00", end: "18:00" }];
const OFFICE_HOURS = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: [], sunday: [] };

await atApiPriority();
const db = await throwawayDatabase();
const api = await (async () => {
  await seedDoorFleet(db.sql, { users: USERS, rooms: 100, devices: 200 });
  await addBenchAdmin(db.sql);
  // The reviewed room: everyone, on a weekday schedule, beside the fleet's own groups.
  const [schedule] = await db.sql`insert into schedules (name, time_zone, weekly)
    values ('Office hours', 'Europe/Berlin', ${db.sql.json(OFFICE_HOURS)})
    returning id`;
  const [everyone] = await db.sql`insert into groups (name) values ('Everyone') returning id`;
  await db.sql`insert into user_groups (user_id, group_id) select id, ${everyone.id} from users where email like '%@fleet.test'`;
  const [room] = await db.sql`select min(id) as id from rooms`;
  await db.sql`insert into group_rooms (group_id, room_id, schedule_id) values (${everyone.id}, ${room.id}, ${schedule.id})`;
  // One person in every group: the user review's widest answer.
  const [busy] = await db.sql`select min(id) as id from users where email like '%@fleet.test'`;
  await db.sql`insert into user_groups (user_id, group_id) select ${busy.id}, id from groups
    where name <> 'Admin' on conflict do nothing`;
  await db.sql`vacuum analyze`;
  return { process: await startApi({ DATABASE_URL: db.url, DEMO: "false" }), roomId: room.id as number, userId: busy.id as number };
})();
try {
  const cookie = await benchAdminCookie(api.process.base);
  const time = async (path: string) => {
    const ms: number[] = [];
    let items = 0;
    let bytes = 0;
    for (let i = 0; i < CALLS + 3; i++) {
      const started = performance.now();
      const res = await fetch(`${api.process.base}${path}`, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
      if (i >= 3) ms.push(performance.now() - started); // the first three warm up
      bytes = text.length;
      items = text.startsWith("{") ? JSON.parse(text).users.length : text.startsWith("[") ? JSON.parse(text).length : text.split("\r\n").length - 2;
    }
    return { ms, items, kb: (bytes / 1024).toFixed(0) };
  };
  console.log(`${USERS} users; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  for (
    const [label, path] of [
      ["GET /api/rooms/{id}/access", `/api/rooms/${api.roomId}/access`],
      ["the same as CSV", `/api/rooms/${api.roomId}/access?format=csv`],
      ["GET /api/users/{id}/access (in every group)", `/api/users/${api.userId}/access`],
    ] as const
  ) {
    const { ms, items, kb } = await time(path);
    const verdict = percentile(ms, 50) < BUDGET_MS ? "ok" : "FAIL";
    console.log(`${label}: ${summary(ms, 1)}, ${items} rows, ${kb} KB (budget p50 < ${BUDGET_MS} ms): ${verdict}`);
  }
} finally {
  await api.process.stop("SIGKILL");
  await db.close();
}
