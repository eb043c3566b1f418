// Access lists at campus scale (issue 33): USERS people (100,000) with a badge each
// (a third also a passkey) in one group holding every one of ROOMS rooms (400), DOORS
// doors (2,000) spread over them, on a throwaway database on the PostgreSQL server
// named by DATABASE_URL, served by two real API processes (half the doors on each).
// The doors run in a process of their own (`--fleet`: doors are other machines):
//   - CONTROLLERS of them (4) are reference controllers (door/controller.ts) holding
//     the whole list in memory, applying each delta and checking it against the
//     server's digest, as deployed;
//   - the others follow the same protocol without keeping the list (a process cannot
//     hold 2,000 lists of 100,000 people: about 60 MB each): each starts from the
//     version its stream's first list-changed names; on every list-changed it takes
//     the delta the event carries when it is from the version it holds, else asks
//     what changed since that version (or, in the full-fetch run, the whole list),
//     receives the whole answer (reading only the versions at its head: parsing the
//     users it does not keep would only take CPU from the server, these doors being
//     other machines) and holds its version. The server cannot tell them from
//     controllers: its work and the bytes it sends are the same.
// Then, for each run (deltas, then full fetches only):
//   1. CHANGES single membership changes one after another (one member out of the
//      group, then back), each committed here: the time from its commit until every
//      door holds a version that has it (p50, p99; budget p99 < 1 s), the bytes sent
//      to each door per change (budget < 2 KB: the list-changed event and the answer,
//      as JSON before gzip), and the API processes' and the database's CPU per change
//      (budget < 200 ms);
//   2. (deltas run) a bulk add of BULK people (1,000), one commit each, as an import
//      makes them, four at a time: the time from the last commit until every door
//      holds it (budget < 5 s), and access decisions at 500/s meanwhile from a process
//      of their own (budget p99 < 20 ms).
// The API processes' memory with every stream open is printed once they are.
// The full-fetch run sends each door the whole list (megabytes) per change: it runs
// FULL_CHANGES (3) changes only.
//
//   npx deno run -A bench/list_scale.ts     (USERS=, ROOMS=, DOORS=, CHANGES=, BULK=, FULL_CHANGES=, CONTROLLERS=)
import { throwawayDatabase } from "./throwaway_db.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { hashDeviceKey, newDeviceKey } from "../api/access/device_keys.ts";
import { DoorController } from "../door/controller.ts";
import { emptyState, type StateStore } from "../door/state_file.ts";
import { decisionsInChild } from "./decision_load.ts";
import { atApiPriority, cpuMs, eachLine, env, percentile, sleep } from "./figures.ts";
import { OUTSIDE } from "./outside_process.ts";

const USERS = env("USERS", 100_000);
const ROOMS = env("ROOMS", 400);
const DOORS = env("DOORS", 2_000);
const CHANGES = env("CHANGES", 100);
const FULL_CHANGES = env("FULL_CHANGES", 3);
const BULK = env("BULK", 1_000);
const CONTROLLERS = Math.min(env("CONTROLLERS", 4), DOORS);
const DECISIONS_PER_SECOND = 500;
const DECISION_SECONDS = 8;
const BUDGET = { singleP99Ms: 1_000, bulkMs: 5_000, bytesPerDoor: 2_048, cpuMs: 200, decisionsP99Ms: 20 };
/** The longest a change may take to reach every door before the run gives up. */
const CHANGE_LIMIT_MS = env("CHANGE_LIMIT_MS", 600_000);
const STREAM = "/api/access/devices/self/stream";
const LIST = "/api/access/devices/self/access-list";

type Mode = "deltas" | "full";
type FleetConfig = { bases: string[]; keys: string[]; mode: Mode; controllers: number };

/** The people part of a version (`<people>.<visits>.<room>`): the changes it holds. */
const peopleOf = (version: string) => BigInt(version.split(".")[0]);

/**
 * The versions a list-changed event names: the list's, and the delta's from and to,
 * read from the head of its text (eventHeads; the server writes them first) without
 * parsing the users a light door does not keep. On 2 cores, parsing 2,000 copies of a
 * bulk add's deltas (about 400 MB) took the doors' process 5.6 s of the machine's
 * CPU, which doors, being other machines, do not take from the server.
 */
function versionsOf(head: string): { version: string; delta?: { since: string; version: string } } {
  const version = /^data: \{"etag":"(?:[^"\\]|\\.)*","version":"([^"]+)"/m.exec(head)?.[1];
  if (!version) throw new Error(`list-changed without a version: ${head}`);
  const delta = /,"delta":\{"delta":true,"since":"([^"]+)","version":"([^"]+)"/.exec(head);
  return { version, delta: delta ? { since: delta[1], version: delta[2] } : undefined };
}

/**
 * The doors. One line on stdout each time a door holds a new version:
 * `<epoch ms> <door> <version> <bytes received for it>[ asked]` ("asked": it fetched it).
 */
function fleet({ bases, keys, mode, controllers }: FleetConfig) {
  const held = (door: number, version: string, bytes: number, asked = false) =>
    console.log(`${Date.now()} ${door} ${version} ${bytes}${asked ? " asked" : ""}`);
  for (let i = 0; i < controllers; i++) {
    // Its state not written out (a controller's disk is its own): what it saves is its version.
    let version: string | null = null;
    const store: StateStore = {
      load: () => Promise.resolve(emptyState()),
      save: (state) => {
        if (state.version && state.version !== version) held(i, (version = state.version), 0);
        return Promise.resolve();
      },
    };
    const door = new DoorController({
      url: bases[i % bases.length],
      key: keys[i],
      store,
      print: (line) => line.includes("does not m") && console.error(`door ${i}: ${line}`),
    });
    void door.start();
  }
  // The others: the protocol without the list.
  for (let i = controllers; i < keys.length; i++) void follow(i, bases[i % bases.length], keys[i]);

  async function follow(door: number, base: string, key: string) {
    const authorization = `Bearer ${key}`;
    let version: string | null = null;
    let wanted = false;
    let fetching: Promise<void> | undefined;
    let eventBytes = 0;
    const fetchAgain = async () => {
      while (wanted) {
        wanted = false;
        const res = await call(`${LIST}${mode === "deltas" ? `?since=${encodeURIComponent(version!)}` : ""}`);
        const body = new Uint8Array(await res.arrayBuffer());
        version = res.headers.get("access-list-version")!;
        held(door, version, body.byteLength + eventBytes, true);
        eventBytes = 0;
      }
    };
    /** A call answered 200, tried again after a refusal as a controller does (Retry-After, jittered). */
    const call = async (path: string) => {
      for (;;) {
        const res = await fetch(`${base}${path}`, { headers: { authorization } }).catch(() => null);
        if (res?.status === 200) return res;
        await res?.body?.cancel();
        if (res && res.status !== 503) throw new Error(`door ${door}: ${path}: ${res.status}`);
        await retryWait(Number(res?.headers.get("retry-after") ?? 1));
      }
    };
    for (;;) {
      for await (const event of eventHeads(streamBody(base, authorization))) {
        // Counted as received: what a change cost this door's link.
        if (version !== null) eventBytes += event.bytes;
        if (!event.head.startsWith("event: list-changed")) continue;
        const data = versionsOf(event.head);
        if (version === null) {
          version = data.version; // the list it starts with
          held(door, version, 0);
          continue;
        }
        // The delta from the version it holds, with the event: as a controller, it asks nothing.
        if (mode === "deltas" && !fetching && data.delta?.since === version) {
          version = data.delta.version;
          held(door, version, eventBytes);
          eventBytes = 0;
          continue;
        }
        wanted = true;
        fetching ??= fetchAgain().finally(() => (fetching = undefined));
      }
    }
  }
}

/**
 * A door's stream, read off a TCP connection of its own: the bytes of its body, through
 * the chunked framing, each piece valid until the next is asked for (one buffer, read
 * into again). Through fetch, each piece was a new array passed through a stream's
 * promises: reading a bulk add's 408 MB took the doors' process 7.8 s of the CPU the
 * server needed. The request and the answer are HTTP as before: the server cannot tell.
 * Refused (503 in a storm), it tries again as a controller does; ended, it returns.
 */
async function* streamBody(base: string, authorization: string): AsyncGenerator<Uint8Array> {
  const url = new URL(STREAM, base);
  const buffer = new Uint8Array(1 << 18);
  let conn: Deno.Conn;
  let [start, end] = [0, 0]; // the bytes read and not yet taken: buffer[start, end)
  const fill = async () => {
    if (start === end) start = end = 0;
    else if (end === buffer.length) {
      buffer.copyWithin(0, start, end); // the part not yet taken, to the front
      [start, end] = [0, end - start];
    }
    const n = await conn.read(buffer.subarray(end));
    if (n !== null) end += n;
    return n !== null;
  };
  /** The end of the next line (its line feed), reading on as needed; -1 when the connection ended first. */
  const lineEnd = async () => {
    for (;;) {
      const at = buffer.subarray(start, end).indexOf(10);
      if (at >= 0) return start + at;
      if (!await fill()) return -1;
    }
  };
  const ascii = new TextDecoder();
  for (;;) {
    try {
      conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
    } catch {
      await retryWait();
      continue;
    }
    [start, end] = [0, 0];
    try {
      await conn.write(new TextEncoder().encode(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\nAccept: text/event-stream\r\n\r\n`,
      ));
      const headers: string[] = [];
      let at = await lineEnd();
      for (; at > start + 1; at = await lineEnd()) {
        headers.push(ascii.decode(buffer.subarray(start, at - 1)).toLowerCase());
        start = at + 1;
      }
      if (at < 0) {
        await retryWait(); // ended before its answer's head did
        continue;
      }
      start = at + 1; // the blank line
      const status = Number(headers[0].split(" ")[1]);
      if (status !== 200) {
        if (status !== 503) throw new Error(`${url}: ${status}`);
        await retryWait(Number(headers.find((h) => h.startsWith("retry-after:"))?.slice(12) ?? 1));
        continue;
      }
      if (!headers.includes("transfer-encoding: chunked")) throw new Error(`${url}: not chunked: ${headers.join("; ")}`);
      for (;;) {
        const at = await lineEnd();
        if (at < 0) return;
        let left = parseInt(ascii.decode(buffer.subarray(start, at)), 16);
        start = at + 1;
        if (left === 0) return;
        while (left > 0) {
          if (start === end && !await fill()) return;
          const piece = buffer.subarray(start, Math.min(end, start + left));
          start += piece.length;
          left -= piece.length;
          yield piece;
        }
        while (end - start < 2) if (!await fill()) return;
        start += 2; // the chunk's line end
      }
    } finally {
      conn.close();
    }
  }
}

/** A controller's wait before it tries again: Retry-After's seconds (or one), jittered. */
const retryWait = (seconds = 1) => sleep(seconds * 1_000 * (1 + Math.random()));

/** Bytes of an event's text kept to read its versions. */
const HEAD_BYTES = 600;

/**
 * A stream's server-sent events, each as the start of its text and its size in bytes:
 * found by their blank line in the bytes, decoding only the start of each (the
 * users of a bulk add's delta, about 200 KB a door, are never decoded).
 */
async function* eventHeads(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ head: string; bytes: number }> {
  let decoder = new TextDecoder();
  let head = "";
  let headBytes = 0;
  let bytes = 0;
  let before = 0; // the byte before the chunk's part not yet kept (0 at an event's start)
  for await (const chunk of body) {
    let start = 0;
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) {
      // A line feed after a line feed of this event: the blank line that ends it.
      if ((at > start ? chunk[at - 1] : before) !== 10) continue;
      keep(chunk.subarray(start, at + 1));
      yield { head: head + decoder.decode(), bytes };
      [decoder, head, headBytes, bytes, before, start] = [new TextDecoder(), "", 0, 0, 0, at + 1];
    }
    if (chunk.length > start) {
      keep(chunk.subarray(start));
      before = chunk[chunk.length - 1];
    }
  }
  function keep(part: Uint8Array) {
    bytes += part.byteLength;
    if (headBytes >= HEAD_BYTES) return;
    const kept = part.subarray(0, HEAD_BYTES - headBytes);
    head += decoder.decode(kept, { stream: true });
    headBytes += kept.byteLength;
  }
}

async function bench() {
  await atApiPriority();
  const db = await throwawayDatabase();
  const { sql } = db;
  const apis: ApiProcess[] = [];
  try {
    const t0 = performance.now();
    const keys = await seed(sql);
    console.log(
      `${USERS.toLocaleString("en")} people in one group holding ${ROOMS} rooms, ${DOORS.toLocaleString("en")} doors ` +
        `(${CONTROLLERS} reference controllers): seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; ` +
        `load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`,
    );
    for (const port of [freePort(), freePort()]) {
      apis.push(await startApi({ DATABASE_URL: db.url, DEMO: "false", PORT: String(port), LOG_LEVEL: "warn" }));
    }
    const bases = apis.map((api) => api.base);
    const [{ everyone }] = await sql<{ everyone: number }[]>`select id as everyone from groups where name = 'Everyone'`;
    const [{ member }] = await sql<{ member: number }[]>`select min(user_id) as member from user_groups where group_id = ${everyone}`;

    const runs: Record<Mode, { single: number[]; bytes: number; cpu: number; changes: number }> = {} as never;
    for (const mode of (FULL_CHANGES > 0 ? ["deltas", "full"] : ["deltas"]) as Mode[]) {
      const rssBefore = apis.map((api) => rssMb(api.process.pid));
      const fleet = await startFleet({ bases, keys, mode, controllers: mode === "deltas" ? CONTROLLERS : 0 });
      try {
        const opened = performance.now();
        await fleet.allHold(await generation(sql), CHANGE_LIMIT_MS);
        const idle0 = await cpuNow(sql, apis);
        await sleep(3_000);
        console.log(`idle CPU with the streams open: ${((total(await cpuNow(sql, apis)) - total(idle0)) / 3).toFixed(0)} ms a second`);
        const rss = apis.map((api) => rssMb(api.process.pid));
        console.log(
          `\n${mode}: ${DOORS} streams open, every door holding its list, in ${((performance.now() - opened) / 1000).toFixed(1)} s; ` +
            `API processes' memory ${rss.map((mb, i) => `${rssBefore[i].toFixed(0)} → ${mb.toFixed(0)} MB`).join(", ")}`,
        );
        // 1. Single changes, one after another.
        const count = mode === "deltas" ? CHANGES : FULL_CHANGES;
        const single: number[] = [];
        let bytes = 0, apiCpu = 0, dbCpu = 0;
        for (let n = 0; n < count; n++) {
          const cpu0 = await cpuNow(sql, apis);
          const bytes0 = fleet.bytes();
          // The member out of the group, or back in: whichever it is now (each run starts where the last ended).
          const { at, g } = await commit(sql, (tx) =>
            tx`with gone as (delete from user_groups where user_id = ${member} and group_id = ${everyone} returning 1)
              insert into user_groups (user_id, group_id) select ${member}, ${everyone} where not exists (select 1 from gone)`);
          const arrivals = await fleet.allHold(g, CHANGE_LIMIT_MS);
          single.push(...arrivals.map((epoch) => Math.max(0, epoch - at)));
          bytes += fleet.bytes() - bytes0;
          const cpu1 = await cpuNow(sql, apis);
          apiCpu += cpu1.api - cpu0.api;
          dbCpu += cpu1.db - cpu0.db;
          if (n === 0 || (n + 1) % 20 === 0) console.log(`  change ${n + 1}: every door within ${Math.max(...arrivals.map((e) => e - at)).toFixed(0)} ms`);
        }
        runs[mode] = { single, bytes, cpu: apiCpu + dbCpu, changes: count };
        const p99 = percentile(single, 99);
        console.log(
          `${mode}: ${count} single changes, commit → every door holding it: p50 ${percentile(single, 50).toFixed(0)} ms, ` +
            `p99 ${p99.toFixed(0)} ms, max ${single.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms (budget p99 < ${BUDGET.singleP99Ms} ms): ${verdict(p99 < BUDGET.singleP99Ms)}`,
        );
        const perDoor = bytes / count / DOORS;
        console.log(`${mode}: bytes sent per door per change ${perDoor.toFixed(0)} B (budget < ${BUDGET.bytesPerDoor} B): ${verdict(perDoor < BUDGET.bytesPerDoor)}`);
        const cpuPer = (apiCpu + dbCpu) / count;
        console.log(
          `${mode}: API and database CPU per change ${cpuPer.toFixed(0)} ms (API ${(apiCpu / count).toFixed(0)} ms, ` +
            `database ${(dbCpu / count).toFixed(0)} ms; budget < ${BUDGET.cpuMs} ms): ${verdict(cpuPer < BUDGET.cpuMs)}`,
        );

        // 2. The bulk add, with decisions meanwhile (deltas only).
        if (mode === "deltas" && BULK > 0) await bulkAdd(sql, apis, fleet, everyone, keys);
        await fleet.errors();
      } finally {
        await fleet.stop();
      }
    }
    const [d, f] = [runs.deltas, runs.full];
    if (f) console.log(
      `\nper single change, deltas beside full fetches: p99 ${percentile(d.single, 99).toFixed(0)} vs ${percentile(f.single, 99).toFixed(0)} ms, ` +
        `${(d.bytes / d.changes / DOORS).toFixed(0)} B vs ${(f.bytes / f.changes / DOORS / 1e6).toFixed(1)} MB a door, ` +
        `CPU ${(d.cpu / d.changes).toFixed(0)} vs ${(f.cpu / f.changes).toFixed(0)} ms`,
    );
  } finally {
    await Promise.all(apis.map((api) => api.stop("SIGTERM")));
    await db.close();
  }
}

const verdict = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(Deno.readTextFileSync(`/proc/${pid}/status`))![1]) / 1024;

type Sql = Awaited<ReturnType<typeof throwawayDatabase>>["sql"];

const generation = async (sql: Sql) => BigInt((await sql<{ g: string }[]>`select generation as g from access_list_generation`)[0].g);

/** Commits the change: when (epoch ms, just after the commit), and the generation it made. */
async function commit(sql: Sql, change: (tx: Sql) => Promise<unknown>) {
  await sql.begin((tx) => change(tx as unknown as Sql));
  const at = Date.now();
  return { at, g: await generation(sql) };
}

/** CPU of the API processes and of the database's backends on this database, so far (ms). */
async function cpuNow(sql: Sql, apis: ApiProcess[]) {
  const backends = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`;
  return { api: cpuMs(apis.map((a) => a.process.pid)), db: cpuMs(backends.map((b) => b.pid)) };
}

const total = (cpu: { api: number; db: number }) => cpu.api + cpu.db;

async function seed(sql: Sql): Promise<string[]> {
  // BULK people more, outside the group, for the bulk add; ids from 1: badges card-<id> (decision_load.ts).
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'p' || n || '@campus.test', 'x', 'Person', 'No ' || n from generate_series(1, ${USERS + BULK}) n`;
  await sql`insert into user_credentials (user_id, type, facility_code, card_code)
    select id, 'HID Prox', '117', 'card-' || id from users`;
  await sql`insert into passkeys (user_id, credential_id, public_key) select id, 'pk-' || id, 'k' from users where id % 3 = 0`;
  const [group] = await sql<{ id: number }[]>`insert into groups (name) values ('Everyone') returning id`;
  await sql`insert into user_groups (user_id, group_id) select id, ${group.id} from users where id <= ${USERS}`;
  await sql`insert into rooms (name) select 'Room ' || n from generate_series(1, ${ROOMS}) n`;
  await sql`insert into group_rooms (group_id, room_id) select ${group.id}, id from rooms`;
  const keys = Array.from({ length: DOORS }, () => newDeviceKey());
  await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
    select 'Door ' || n, 'CAMPUS' || n, 'reader', (select min(id) from rooms) + n % ${ROOMS}, k, now()
    from unnest(${keys.map(hashDeviceKey)}::text[]) with ordinality as t(k, n)`;
  await sql`vacuum analyze`;
  return keys;
}

async function bulkAdd(sql: Sql, apis: ApiProcess[], fleet: Fleet, everyone: number, keys: string[]) {
  const bases = apis.map((api) => api.base);
  const people = (await sql<{ id: number }[]>`select id from users where id > ${USERS} order by id`).map((u) => u.id);
  // Decisions from a process of their own, for DECISION_SECONDS after their second of
  // warming up: the bulk add starts as they do, and its doors' catching up falls in them.
  const during = decisionsInChild({ bases, keys: keys.slice(0, 50), seconds: DECISION_SECONDS, perSecond: DECISIONS_PER_SECOND, users: USERS });
  await sleep(1_500);
  const started = performance.now();
  const cpu0 = { ...await cpuNow(sql, apis), fleet: cpuMs([fleet.pid]) };
  const bytes0 = fleet.bytes();
  const asked0 = fleet.asked();
  let last = 0;
  const load = (async () => {
    const queue = [...people];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        last = (await commit(sql, (tx) => tx`insert into user_groups (user_id, group_id) values (${id}, ${everyone})`)).at;
      }
    }));
  })();
  await load;
  const addMs = performance.now() - started;
  const g = await generation(sql);
  const arrivals = await fleet.allHold(g, CHANGE_LIMIT_MS);
  const lastDoor = Math.max(...arrivals) - last;
  const cpu = await cpuNow(sql, apis);
  const [api, db, doors] = [cpu.api - cpu0.api, cpu.db - cpu0.db, cpuMs([fleet.pid]) - cpu0.fleet];
  const took = (performance.now() - started) / 1000;
  const answered = await during;
  const times = answered.map((r) => r.ms);
  const p99 = percentile(times, 99);
  console.log(
    `bulk add of ${people.length} people, one commit each: committed in ${(addMs / 1000).toFixed(1)} s; ` +
      `last commit → every door holding it: ${lastDoor.toFixed(0)} ms (budget < ${BUDGET.bulkMs} ms): ${verdict(lastDoor < BUDGET.bulkMs)}`,
  );
  console.log(
    `  from the add's start until every door held it (${took.toFixed(1)} s on 2 cores): CPU of the API processes ${(api / 1000).toFixed(1)} s, ` +
      `the database ${(db / 1000).toFixed(1)} s, the doors' process ${(doors / 1000).toFixed(1)} s; ` +
      `${((fleet.bytes() - bytes0) / DOORS / 1000).toFixed(0)} KB sent to each door; ${fleet.asked() - asked0} lists asked for`,
  );
  console.log(
    `decisions at ${DECISIONS_PER_SECOND}/s meanwhile (${DECISION_SECONDS} s from the add's start): p99 ${p99.toFixed(1)} ms, ` +
      `${answered.filter((r) => r.status !== 200).length} not 200 (budget p99 < ${BUDGET.decisionsP99Ms} ms): ${verdict(p99 < BUDGET.decisionsP99Ms)}`,
  );
  const seconds = Array.from({ length: DECISION_SECONDS }, (_, n) => answered.filter((r) => Math.floor(r.at / 1000) === n).map((r) => r.ms));
  console.log(`  p99 by second of the decisions (the add starts in the first): ${seconds.map((ms) => percentile(ms, 99).toFixed(0)).join(", ")} ms`);
}

type Fleet = Awaited<ReturnType<typeof startFleet>>;

/** The doors' process, and what each door holds (its version's people part, when, and bytes received). */
async function startFleet(config: FleetConfig) {
  const dir = await Deno.makeTempDir({ prefix: "threshold-list-scale-" });
  await Deno.writeTextFile(`${dir}/fleet.json`, JSON.stringify(config));
  // Behind the server on the CPU (the doors are other machines): at this process's
  // priority (the API's) they took the CPU the database needed for the decisions.
  const [command, ...prefix] = OUTSIDE;
  const child = new Deno.Command(command, {
    args: [...prefix, Deno.execPath(), "run", "-A", "--v8-flags=--max-old-space-size=8192", new URL(import.meta.url).pathname, "--fleet", `${dir}/fleet.json`],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const holds = config.keys.map(() => ({ people: -1n, at: 0 }));
  let received = 0;
  let fetched = 0;
  let stderr = "";
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) stderr += chunk;
  })().catch(() => {});
  eachLine(child.stdout, (line) => {
    const [at, door, version, bytes, asked] = line.split(" ");
    if (asked) fetched++;
    const people = peopleOf(version);
    const hold = holds[Number(door)];
    if (people > hold.people) Object.assign(hold, { people, at: Number(at) });
    received += Number(bytes);
  }).catch(() => {});
  return {
    /** Waits until every door holds generation `g` or later: when each came to (epoch ms). */
    async allHold(g: bigint, limitMs: number): Promise<number[]> {
      const limit = performance.now() + limitMs;
      while (holds.some((h) => h.people < g)) {
        if (performance.now() > limit || stderr.includes("rror")) {
          throw new Error(`${holds.filter((h) => h.people < g).length} doors short of generation ${g}: ${stderr.slice(-2_000)}`);
        }
        await sleep(5);
      }
      return holds.map((h) => h.at);
    },
    bytes: () => received,
    /** Lists (whole or deltas) the doors asked for, rather than take from the event. */
    asked: () => fetched,
    pid: child.pid,
    /** Fails on what a door said went wrong (a delta that did not make the server's list). */
    errors: () => (stderr.trim() ? Promise.reject(new Error(stderr.slice(-2_000))) : Promise.resolve()),
    async stop() {
      child.kill("SIGKILL");
      await child.status;
      await Deno.remove(dir, { recursive: true });
    },
  };
}

if (Deno.args[0] === "--fleet") fleet(JSON.parse(await Deno.readTextFile(Deno.args[1])));
else await bench();
