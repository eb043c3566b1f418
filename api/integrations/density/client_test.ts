// The Density client against the simulator: in process (same HTTP requests and
// answers, no socket) and once over a real loopback socket; success, OAuth token
// caching, and every way the service can fail.
import { assert, assertEquals, assertMatch, assertRejects } from "../../testing/assert.ts";
import {
  createDensityClient,
  type DensityCredentials,
  DensityError,
  type DensityFailure,
  densityTokens,
} from "./client.ts";
import {
  createDensitySimulator,
  DENSITY_DEMO_CLIENT,
  DENSITY_DEMO_TOKEN,
  type DensitySimulator,
} from "./simulator.ts";

const BEARER: DensityCredentials = { kind: "bearer", token: DENSITY_DEMO_TOKEN };
const OAUTH: DensityCredentials = {
  kind: "oauth",
  clientId: DENSITY_DEMO_CLIENT.id,
  clientSecret: DENSITY_DEMO_CLIENT.secret,
};
const LOBBY = "spc_main_lobby";

// Wednesday 11 June 2025, 11:00 on the test process's wall clock (the simulator
// keeps office hours in the server's local time).
const WEDNESDAY_11 = new Date(2025, 5, 11, 11, 0).getTime();
const local = (hour: number, minute = 0, day = 11) => new Date(2025, 5, day, hour, minute);

function setup(
  options: { now?: number; credentials?: DensityCredentials; timeoutMs?: number } = {},
) {
  const clock = { now: options.now ?? WEDNESDAY_11 };
  const sim = createDensitySimulator({ now: () => clock.now });
  const transport = {
    baseUrl: "http://density.test",
    fetch: sim.fetch,
    timeoutMs: options.timeoutMs ?? 2_000,
    tokens: densityTokens(),
    now: () => clock.now,
  };
  const client = createDensityClient(transport, options.credentials ?? BEARER);
  return { sim, client, clock, transport };
}

async function failsWith(work: Promise<unknown>, kind: DensityFailure, message?: RegExp) {
  await assertRejects(work, (error: unknown) => {
    assert(error instanceof DensityError, `expected a DensityError, got ${error}`);
    assertEquals(error.kind, kind, error.message);
    if (message) assertMatch(error.message, message);
    return true;
  });
}

Deno.test("density client: spaces carry id, name, function and space type", async () => {
  const { client } = setup();
  const spaces = await client.listSpaces();
  const lobby = spaces.find((s) => s.id === LOBBY);
  assertEquals(lobby, {
    id: LOBBY,
    name: "Main Lobby",
    function: "reception",
    space_type: "space",
  });
  assert(spaces.length >= 4);
  assert(spaces.some((s) => s.function === null && s.space_type === "floor"));
});

Deno.test("density client: sessions follow office hours and are deterministic", async () => {
  const { client, sim } = setup();
  const sessions = await client.sessions(LOBBY, local(0), local(11));
  assert(sessions.length >= 3, `${sessions.length} sessions by 11:00`);
  for (const s of sessions) {
    assert(Date.parse(s.start_time) >= local(8).getTime(), s.start_time);
    assert(Date.parse(s.start_time) <= WEDNESDAY_11);
    assert(s.end_time === null || Date.parse(s.end_time) <= WEDNESDAY_11);
    assert(["0", "1", "2", "3"].includes(s.session_type));
  }
  // Same clock, another simulator: the same day.
  const again = createDensityClient(
    {
      baseUrl: "http://x",
      fetch: createDensitySimulator({ now: () => WEDNESDAY_11 }).fetch,
      timeoutMs: 2_000,
      tokens: densityTokens(),
    },
    BEARER,
  );
  assertEquals(await again.sessions(LOBBY, local(0), local(11)), sessions);
  // Thirty days hold plenty, with people counts 1-3 and a few ignored '0' sessions.
  const month = await client.sessions(LOBBY, local(0, 0, -19), local(11));
  const types = new Set(month.map((s) => s.session_type));
  for (const type of ["1", "2", "3"]) assert(types.has(type), `type ${type} in a month`);
  // Sundays are closed.
  assertEquals(await client.sessions(LOBBY, local(0, 0, 8), local(23, 59, 8)), []);
  assert(sim.stats.requests >= 3);
});

Deno.test("density client: time used is the sessions' time in ms; count and history agree", async () => {
  const { client } = setup();
  const start = local(0);
  const sessions = await client.sessions(LOBBY, start, local(11));
  let expected = 0;
  for (const s of sessions) {
    if (s.session_type === "0") continue;
    const end = s.end_time === null ? WEDNESDAY_11 : Date.parse(s.end_time);
    expected += Math.min(end, WEDNESDAY_11) - Math.max(Date.parse(s.start_time), start.getTime());
  }
  const used = await client.timeUsed(LOBBY, start, local(11));
  assertEquals(used.time_used_raw, expected);
  assert(used.time_used_raw > 0);
  assert(used.time_used_percentage !== null && used.time_used_percentage > 0);

  const open = sessions.find((s) => s.end_time === null && s.session_type !== "0");
  const { count, timestamp } = await client.currentCount(LOBBY);
  assertEquals(timestamp, new Date(WEDNESDAY_11).toISOString());
  if (open) assert(count >= Number(open.session_type));
  else assertEquals(count, 0);

  const buckets = await client.occupancy(LOBBY, start, local(11), "hour");
  assertEquals(buckets.length, 11);
  assertEquals(buckets[0].timestamp, start.toISOString());
  for (const b of buckets.slice(0, 7)) assertEquals(b.occupancy_max, 0); // before 08:00
  assert(buckets.some((b) => (b.occupancy_max ?? 0) > 0));
  assert(buckets.every((b) => (b.occupancy_avg ?? 0) <= (b.occupancy_max ?? 0)));
});

Deno.test("density client: OAuth exchanges once for several calls, again after expiry", async () => {
  const { client, sim, clock, transport } = setup({ credentials: OAUTH });
  await client.listSpaces();
  await client.currentCount(LOBBY);
  await client.timeUsed(LOBBY, local(0), local(11));
  assertEquals(sim.stats.tokenExchanges, 1);

  // Calls at the same moment share one exchange.
  transport.tokens.cached.clear();
  await Promise.all([client.listSpaces(), client.listSpaces(), client.currentCount(LOBBY)]);
  assertEquals(sim.stats.tokenExchanges, 2);

  // The simulator's tokens live an hour; the client renews a minute early.
  clock.now += 58 * 60_000;
  await client.listSpaces();
  assertEquals(sim.stats.tokenExchanges, 2);
  clock.now += 60_000;
  await client.listSpaces();
  assertEquals(sim.stats.tokenExchanges, 3);

  // Another client with the same credentials on the same transport uses the cached token...
  await createDensityClient(transport, OAUTH).listSpaces();
  assertEquals(sim.stats.tokenExchanges, 3);
  // ...and one on another transport (another app's integration) exchanges its own.
  await createDensityClient({ ...transport, tokens: densityTokens() }, OAUTH).listSpaces();
  assertEquals(sim.stats.tokenExchanges, 4);
});

Deno.test("density client: a token the service stops taking is exchanged once more", async () => {
  const { client, sim } = setup({ credentials: OAUTH });
  await client.listSpaces();
  sim.fail("unauthorized", { path: "/v3/spaces" });
  assertEquals((await client.listSpaces()).length > 0, true);
  assertEquals(sim.stats.tokenExchanges, 2);
  // Refused twice in a row: a clear failure, not a loop.
  sim.fail("unauthorized", { times: 2, path: "/v3/spaces" });
  await failsWith(client.listSpaces(), "rejected", /refused the credentials \(401\)/);
  assertEquals(sim.stats.tokenExchanges, 3);
});

Deno.test("density client: refused credentials", async () => {
  await failsWith(
    setup({ credentials: { kind: "bearer", token: "wrong" } }).client.listSpaces(),
    "rejected",
    /Density refused the credentials \(401\)/,
  );
  const badClient = setup({
    credentials: { ...OAUTH, clientSecret: "nope" } as DensityCredentials,
  });
  await failsWith(badClient.client.listSpaces(), "rejected", /OAuth client/);
  assertEquals(badClient.sim.stats.tokenExchanges, 0);
});

Deno.test("density client: errors, hangs, malformed and wrongly shaped answers", async () => {
  const { client, sim } = setup({ timeoutMs: 150 });
  sim.fail("error");
  await failsWith(
    client.currentCount(LOBBY),
    "status",
    /Density answered 500: Simulated Density outage/,
  );
  sim.fail("hang");
  const started = Date.now();
  await failsWith(client.currentCount(LOBBY), "timeout", /did not answer within 0.15 s/);
  assert(Date.now() - started < 2_000);
  sim.fail("malformed");
  await failsWith(client.currentCount(LOBBY), "malformed", /not JSON/);
  sim.fail("wrong-shape");
  await failsWith(client.listSpaces(), "malformed", /unexpected shape/);
  sim.fail("wrong-shape");
  await failsWith(client.currentCount(LOBBY), "malformed", /unexpected shape/);
  // Unknown space: Density's 404 passes on as a status failure.
  await failsWith(client.currentCount("spc_nowhere"), "status", /404: space spc_nowhere not found/);
  // Once the faults are used up, the same client works again.
  assertEquals(typeof (await client.currentCount(LOBBY)).count, "number");
});

Deno.test("density client: a service that is down", async () => {
  const client = createDensityClient(
    {
      baseUrl: "http://127.0.0.1:1",
      fetch: (r) => fetch(r),
      timeoutMs: 2_000,
      tokens: densityTokens(),
    },
    BEARER,
  );
  await failsWith(client.listSpaces(), "unreachable", /Density is unreachable/);
});

Deno.test("density client: over a real socket", async () => {
  const sim: DensitySimulator = createDensitySimulator({ now: () => WEDNESDAY_11 });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, sim.app.fetch);
  try {
    const client = createDensityClient({
      baseUrl: `http://127.0.0.1:${server.addr.port}/`,
      fetch: (r) => fetch(r),
      timeoutMs: 2_000,
      tokens: densityTokens(),
    }, OAUTH);
    assert((await client.listSpaces()).some((s) => s.id === LOBBY));
    const sessions = await client.sessions(LOBBY, local(0), local(11));
    assert(sessions.length > 0);
    assertEquals(sim.stats.tokenExchanges, 1);
  } finally {
    await server.shutdown();
  }
});
