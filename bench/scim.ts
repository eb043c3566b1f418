// SCIM provisioning at building scale (spec 4 §6; issue 31), through two real API
// processes on a throwaway database on the PostgreSQL server named by DATABASE_URL:
// 10,000 people with badges, DEVICES doors connected to their streams (half on each
// process), each fetching its list again whenever it hears list-changed, as the
// reference controller does.
//   1. GET /scim/v2/Users?filter=userName eq "…" for random people: p50/p99 (budget 150 ms).
//   2. A 1,000-person import as Okta sends one, over HTTP: for each person a lookup by
//      userName, POST /Users, and a Group Push adding them to one of 10 groups that hold
//      rooms (PATCH add members), IMPORTERS at a time, alternating the processes. Its
//      time, and access decisions at 500/s (a process of their own) while it runs, beside
//      the same decisions with nothing else going on (budget p99 < 20 ms).
//
//   npx deno run -A bench/scim.ts     (USERS=, DEVICES=, IMPORT=, IMPORTERS=, CALLS= change the sizes)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin } from "./bench_admin.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { type ApiProcess, startApi } from "../api/testing/api_process.ts";
import { events } from "../api/testing/sse.ts";
import { hashToken, newToken } from "../api/auth/tokens.ts";
import { atApiPriority, env, inFlight, percentile, summary } from "./figures.ts";
import { decisionsInChild, type DecisionResult } from "./decision_load.ts";

const USERS = env("USERS", 10_000);
const DEVICES = env("DEVICES", 200);
const ROOMS = 100;
const CALLS = env("CALLS", 200);
const IMPORT = env("IMPORT", 1_000);
const IMPORTERS = env("IMPORTERS", 4);
const GROUPS = 10;
const FILTER_BUDGET_MS = 150;
const DECISION_BUDGET_MS = 20;
const DECISIONS_PER_SECOND = 500;
const BASELINE_SECONDS = 10;

const verdict = (ok: boolean) => (ok ? "ok" : "FAIL");

await atApiPriority();
const db = await throwawayDatabase();
const apis: ApiProcess[] = [];
const doors: AbortController[] = [];
let listChanged = 0;
let listFetches = 0;
try {
  const keys = await seedDoorFleet(db.sql, { users: USERS, rooms: ROOMS, devices: DEVICES });
  await addBenchAdmin(db.sql);
  const token = newToken();
  await db.sql`insert into scim_tokens (name, token_hash) values ('Okta', ${hashToken(token)})`;
  // The groups Okta pushes to, each holding two rooms: a membership changes doors' lists.
  const groupIds = (await db.sql<{ id: number }[]>`
    insert into groups (name) select 'Okta group ' || n from generate_series(1, ${GROUPS}) n returning id`).map((g) => g.id);
  await db.sql`insert into group_rooms (group_id, room_id)
    select g.id, r.id from unnest(${groupIds}::int[]) with ordinality g(id, n)
    join (select id, row_number() over (order by id) as n from rooms) r on r.n in (g.n * 2, g.n * 2 + 1)`;
  await db.sql`vacuum analyze`;
  const processEnv = { DATABASE_URL: db.url, DEMO: "false" };
  apis.push(...await Promise.all([startApi(processEnv), startApi(processEnv)]));
  console.log(
    `2 API processes, ${USERS} users, ${DEVICES} doors connected; load average ${
      Deno.loadavg().map((n) => n.toFixed(2)).join(" ")
    }`,
  );

  // The doors: each on its stream, fetching its list again on every list-changed.
  for (const [i, key] of keys.entries()) {
    const abort = new AbortController();
    doors.push(abort);
    const base = apis[i % 2].base;
    const headers = { authorization: `Bearer ${key}` };
    (async () => {
      const stream = events(await fetch(`${base}/api/access/devices/self/stream`, { headers, signal: abort.signal }));
      let etag = "";
      while (!abort.signal.aborted) {
        const heard = await stream.next(60_000);
        if (heard === "closed") return;
        if (heard.event !== "list-changed") continue;
        listChanged++;
        const res = await fetch(`${base}/api/access/devices/self/access-list`, {
          headers: { ...headers, "if-none-match": etag, "accept-encoding": "gzip" },
          signal: abort.signal,
        });
        await res.arrayBuffer();
        listFetches++;
        etag = res.headers.get("etag") ?? etag;
      }
    })().catch(() => {});
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const scim = async (base: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };

  // 1. The filter by userName.
  const filterMs: number[] = [];
  for (let i = 0; i < CALLS + 5; i++) {
    const who = `user${1 + ((i * 7919) % USERS)}@fleet.test`;
    const started = performance.now();
    const list = await scim(apis[i % 2].base, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${who.toUpperCase()}"`)}`);
    if (list.totalResults !== 1) throw new Error(`${who}: ${list.totalResults} found`);
    if (i >= 5) filterMs.push(performance.now() - started); // the first five warm up
  }
  console.log(
    `SCIM filter userName eq at ${USERS} users: ${summary(filterMs, 1)} (budget p99 < ${FILTER_BUDGET_MS} ms): ${
      verdict(percentile(filterMs, 99) < FILTER_BUDGET_MS)
    }`,
  );

  // 2. Decisions alone, then beside the import.
  const decide = (seconds: number) =>
    decisionsInChild({ bases: apis.map((api) => api.base), keys, seconds, perSecond: DECISIONS_PER_SECOND, users: USERS });
  const baseline = await decide(BASELINE_SECONDS);

  const importOne = async (n: number) => {
    const base = apis[n % 2].base;
    const userName = `import${n}@okta.test`;
    const found = await scim(base, "GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    if (found.totalResults !== 0) throw new Error(`${userName} exists`);
    const user = await scim(base, "POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
      name: { givenName: "Imported", familyName: `Person ${n}` },
      emails: [{ primary: true, value: userName, type: "work" }],
      externalId: `00u${n}`,
      active: true,
    });
    await scim(base, "PATCH", `/Groups/${groupIds[n % GROUPS]}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "add", path: "members", value: [{ value: user.id, display: userName }] }],
    });
  };
  const [changedBefore, fetchesBefore] = [listChanged, listFetches];
  const importing = (async () => {
    const run = inFlight(IMPORTERS);
    const started = performance.now();
    await Promise.all(Array.from({ length: IMPORT }, (_, n) => run(() => importOne(n + 1))));
    return performance.now() - started;
  })();
  // Decisions for about as long as the import takes (measured on a first run of this bench).
  const during = await decide(env("DECISION_SECONDS", 30));
  const importMs = await importing;
  const [changed, fetched] = [listChanged - changedBefore, listFetches - fetchesBefore];

  const line = (label: string, results: DecisionResult[]) => {
    const ms = results.map((r) => r.ms);
    const errors = results.filter((r) => r.status !== 200).length;
    return `decisions at ${DECISIONS_PER_SECOND}/s ${label}: ${summary(ms, 1)}, ${errors} not 200 (budget p99 < ${DECISION_BUDGET_MS} ms): ${
      verdict(percentile(ms, 99) < DECISION_BUDGET_MS && !errors)
    }`;
  };
  const [{ n: imported }] = await db.sql`select count(*)::int as n from users where email like '%@okta.test'`;
  const [{ n: joined }] = await db.sql`select count(*)::int as n from user_groups where group_id = any(${groupIds}::int[])`;
  console.log(
    `import of ${IMPORT} people (lookup, POST /Users, PATCH /Groups add member; ${IMPORTERS} at a time): ${
      (importMs / 1000).toFixed(1)
    } s, ${(IMPORT / (importMs / 1000)).toFixed(0)} people/s; ${imported} made, ${joined} memberships`,
  );
  console.log(`  doors heard list-changed ${changed} times during it and fetched their lists ${fetched} times`);
  console.log(line("alone", baseline));
  console.log(line("during the import", during));
} finally {
  for (const abort of doors) abort.abort();
  await Promise.all(apis.map((api) => api.stop("SIGKILL")));
  await db.close();
}
