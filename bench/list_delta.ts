// One membership change at building scale (issue 33): what a door's answer costs when
// it asks what changed since its version, next to fetching the whole list as before.
// USERS people (default 10,000) with a badge each (a third also a passkey) in one group
// holding one room, DOORS doors in it; the API in this process (createApp, every
// middleware) on a throwaway database (DATABASE_URL's server). Each round moves one
// member out of the group or back, then (a) the room's first door asks with `since`
// (the process's state of the room moves on: its one query), then the others; (b) the
// same doors fetch the whole list (the first works the room's part out again, the
// others are served it). Measures each answer's time, the API's CPU (this process),
// the database's (its backends, from /proc, 10 ms ticks: averaged over the rounds) and
// the bytes sent (gzip'd, as controllers ask).
//
//   npx deno run -A bench/list_delta.ts   (USERS=, DOORS=, ROUNDS=)
import process from "node:process";
import { createApp } from "../api/app.ts";
import { loadConfig } from "../api/config.ts";
import { createLogger } from "../api/http/logger.ts";
import { hashDeviceKey, newDeviceKey } from "../api/access/device_keys.ts";
import { cpuMs, env, summary } from "./figures.ts";
import { throwawayDatabase } from "./throwaway_db.ts";

const USERS = env("USERS", 10_000);
const DOORS = env("DOORS", 5);
const ROUNDS = env("ROUNDS", 30);

const db = await throwawayDatabase();
try {
  const { sql } = db;
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'u' || n || '@example.com', 'x', 'User', 'N' || n from generate_series(1, ${USERS}) n`;
  const [group] = await sql`insert into groups (name) values ('Everyone') returning id`;
  const [room] = await sql`insert into rooms (name) values ('Hall') returning id`;
  await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
  await sql`insert into user_groups (user_id, group_id) select id, ${group.id} from users`;
  await sql`insert into user_credentials (user_id, type, facility_code, card_code) select id, 'HID Prox', '117', id::text from users`;
  await sql`insert into passkeys (user_id, credential_id, public_key) select id, 'pk-' || id, 'k' from users where id % 3 = 0`;
  const keys = Array.from({ length: DOORS }, () => newDeviceKey());
  for (const [i, key] of keys.entries()) {
    await sql`insert into devices (name, device_id, type, room_id, api_key_hash)
      values (${`Door ${i}`}, ${`door-${i}`}, 'reader', ${room.id}, ${hashDeviceKey(key)})`;
  }
  await sql`analyze`;

  const app = createApp({ sql, listen: db.listen, config: loadConfig({ LOG_LEVEL: "warn" }), log: createLogger("warn") });
  const get = async (key: string, since?: string) => {
    const res = await app.request(`http://door.local/api/access/devices/self/access-list${since ? `?since=${since}` : ""}`, {
      headers: { authorization: `Bearer ${key}`, "accept-encoding": "gzip" },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${res.status}`);
    return { bytes, version: res.headers.get("access-list-version")!, delta: res.headers.get("etag") === null };
  };
  const backends = async () =>
    (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`)
      .map((b) => b.pid);
  const apiMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  type Figures = { ms: number[]; api: number; db: number; bytes: number[]; deltas: number };
  const fresh = (): Figures => ({ ms: [], api: 0, db: 0, bytes: [], deltas: 0 });
  const timed = async <T extends { bytes: number; delta: boolean }>(f: Figures, work: () => Promise<T>) => {
    const db0 = new Map((await backends()).map((pid) => [pid, cpuMs([pid])]));
    const api0 = apiMs(), t0 = performance.now();
    const answer = await work();
    f.ms.push(performance.now() - t0);
    f.api += apiMs() - api0;
    f.db += (await backends()).reduce((sum, pid) => sum + cpuMs([pid]) - (db0.get(pid) ?? 0), 0);
    f.bytes.push(answer.bytes);
    if (answer.delta) f.deltas++;
    return answer;
  };

  // Each door's version, and the room's state made (the first delta of a process reads the whole room).
  const versions = await Promise.all(keys.map(async (key) => (await get(key)).version));
  await get(keys[0], versions[0]);
  const figures = { deltaFirst: fresh(), deltaOther: fresh(), fullFirst: fresh(), fullOther: fresh() };
  const [member] = await sql`select min(id) as id from users`;
  for (let round = 0; round < ROUNDS; round++) {
    await (round % 2
      ? sql`insert into user_groups (user_id, group_id) values (${member.id}, ${group.id})`
      : sql`delete from user_groups where user_id = ${member.id}`);
    for (const [i, key] of keys.entries()) {
      const answer = await timed(i ? figures.deltaOther : figures.deltaFirst, () => get(key, versions[i]));
      versions[i] = answer.version;
    }
    for (const [i, key] of keys.entries()) await timed(i ? figures.fullOther : figures.fullFirst, () => get(key));
  }
  const line = (what: string, f: Figures) =>
    `${what.padEnd(40)} ${summary(f.ms, 1)}; API ${(f.api / f.ms.length).toFixed(1)} ms, DB ${(f.db / f.ms.length).toFixed(1)} ms CPU; ` +
    `${Math.round(f.bytes.reduce((a, b) => a + b, 0) / f.bytes.length)} bytes${f.deltas === f.ms.length ? " (deltas)" : ` (${f.deltas} deltas)`}`;
  console.log(`${USERS} users, ${DOORS} doors in the room, ${ROUNDS} single membership changes`);
  console.log(line("delta, the room's first door", figures.deltaFirst));
  console.log(line("delta, each other door", figures.deltaOther));
  console.log(line("full list, the room's first door", figures.fullFirst));
  console.log(line("full list, each other door", figures.fullOther));
} finally {
  await db.close();
}
