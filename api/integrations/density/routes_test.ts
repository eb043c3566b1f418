// The /api/density calls through the whole app, the real client and the
// in-process simulator: success, refusals, bad input and a failing service.
import { assert, assertEquals, assertMatch } from "../../testing/assert.ts";
import { addUser, describeApp, signInAdmin, startTestApp } from "../../testing/test_app.ts";
import type { Queries } from "../../db/connect.ts";
import { createDensity } from "./connect.ts";
import { DENSITY_DEMO_CLIENT, DENSITY_DEMO_TOKEN } from "./simulator.ts";

const LOBBY = "spc_main_lobby";
const BAD_TOKEN = "wrong-SECRET-token";

async function densityDevice(
  sql: Queries,
  fields: {
    name: string;
    spaceId: string | null;
    token?: string | null;
    oauth?: { id: string; secret: string };
    type?: string;
  },
) {
  const [row] = await sql<{ id: number }[]>`
    insert into devices (name, device_id, type, density_space_id, density_auth_type,
                         density_api_token, density_client_id, density_client_secret)
    values (${fields.name}, ${"DEV-" + fields.name}, ${fields.type ?? "density"}, ${fields.spaceId},
            ${fields.oauth ? "oauth" : "bearer"}, ${fields.token ?? null},
            ${fields.oauth?.id ?? null}, ${fields.oauth?.secret ?? null})
    returning id`;
  return row.id;
}

describeApp("density routes", async (t, testApp) => {
  const { sql, login, request, config } = testApp;
  const simulator = testApp.integrations.density.simulator!;
  await addUser(sql, { email: "admin@example.com", admin: true });
  await addUser(sql, { email: "member@example.com" });
  const admin = await login("admin@example.com");
  const member = await login("member@example.com");
  const lobbyDevice = await densityDevice(sql, {
    name: "Lobby Sensor",
    spaceId: LOBBY,
    token: DENSITY_DEMO_TOKEN,
  });
  await densityDevice(sql, {
    name: "Conference Sensor",
    spaceId: "spc_conference_a",
    oauth: DENSITY_DEMO_CLIENT,
  });
  const badDevice = await densityDevice(sql, {
    name: "Focus Sensor",
    spaceId: "spc_focus_room",
    token: BAD_TOKEN,
  });
  const lock = await densityDevice(sql, { name: "Door", spaceId: null, type: "lock" });
  const answers: string[] = [];
  const get = async (path: string) => {
    const res = await admin.request("GET", path);
    answers.push(res.text);
    return res;
  };

  await t.step("GET /api/density/spaces lists id, name, function and space type", async () => {
    const res = await get("/api/density/spaces");
    assertEquals(res.status, 200);
    assertEquals(res.json.find((s: { id: string }) => s.id === LOBBY), {
      id: LOBBY,
      name: "Main Lobby",
      function: "reception",
      space_type: "space",
    });
  });

  await t.step("?deviceId= uses that device's stored credentials", async () => {
    assertEquals((await get(`/api/density/spaces?deviceId=${lobbyDevice}`)).status, 200);
    const refused = await get(`/api/density/spaces?deviceId=${badDevice}`);
    assertEquals(refused.status, 502);
    assertEquals(refused.json.error, "Density refused the credentials (401)");
    assertEquals((await get("/api/density/spaces?deviceId=999999")).status, 404);
    const notDensity = await get(`/api/density/spaces?deviceId=${lock}`);
    assertEquals([notDensity.status, notDensity.json.error], [
      400,
      "That device is not a density sensor",
    ]);
    assertEquals((await get("/api/density/spaces?deviceId=abc")).status, 400);
  });

  await t.step("only admins may call", async () => {
    for (const path of ["/api/density/spaces", `/api/density/spaces/${LOBBY}/count`]) {
      assertEquals((await request("GET", path)).status, 401);
      assertEquals((await member.request("GET", path)).status, 403);
    }
  });

  await t.step("count answers the space's current count", async () => {
    const res = await get(`/api/density/spaces/${LOBBY}/count`);
    assertEquals(res.status, 200);
    assertEquals(Object.keys(res.json).sort(), ["count", "timestamp"]);
    assert(Number.isInteger(res.json.count) && res.json.count >= 0);
  });

  await t.step("a space no density device is configured with is not reachable", async () => {
    const res = await get("/api/density/spaces/spc_hq/count");
    assertEquals(res.status, 404);
    assertEquals(res.json.error, "No density device is configured with space spc_hq");
    assertEquals((await get("/api/density/spaces/bad%20id/count")).status, 400);
  });

  await t.step("metrics answer time_used_raw keyed by the space id", async () => {
    const start = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const res = await get(`/api/density/spaces/${LOBBY}/metrics?start_time=${start}`);
    assertEquals(res.status, 200);
    assertEquals(Object.keys(res.json), [LOBBY]);
    assert(res.json[LOBBY].time_used_raw > 0, "a week of office hours has used time");
    assert("time_used_percentage" in res.json[LOBBY]);
    // The fixed start of spec 2 §7 (midnight at UTC-5) and an offset-less time both work.
    const end = encodeURIComponent(new Date().toISOString());
    const mtd = await get(
      `/api/density/spaces/${LOBBY}/metrics?start_time=${
        encodeURIComponent("2025-07-01T00:00:00-05:00")
      }&end_time=${end}`,
    );
    assertEquals(mtd.status, 200);
    const naive = await get(
      `/api/density/spaces/${LOBBY}/metrics?start_time=2025-07-01T05:00:00&end_time=${end}`,
    );
    assertEquals(naive.json, mtd.json);
  });

  await t.step("metrics validate their query", async () => {
    const missing = await get(`/api/density/spaces/${LOBBY}/metrics`);
    assertEquals([missing.status, missing.json.error], [400, "start_time: start_time is required"]);
    const bad = await get(`/api/density/spaces/${LOBBY}/metrics?start_time=yesterday`);
    assertEquals([bad.status, bad.json.error], [
      400,
      "start_time: start_time must be an ISO 8601 time",
    ]);
    const future = await get(`/api/density/spaces/${LOBBY}/metrics?start_time=2999-01-01`);
    assertEquals([future.status, future.json.error], [400, "The start must be before the end"]);
    assertEquals(
      (await get(`/api/density/spaces/${LOBBY}/metrics?start_time=2025-02-30`)).status,
      400,
    );
  });

  await t.step("history answers hourly buckets; ranges are bounded", async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 30 * 86_400_000);
    const res = await get(
      `/api/density/spaces/${LOBBY}/history?start_time=${start.toISOString()}&end_time=${end.toISOString()}`,
    );
    assertEquals(res.status, 200);
    const buckets = res.json[LOBBY];
    assert(buckets.length >= 30 * 24 - 1 && buckets.length <= 30 * 24 + 1, `${buckets.length}`);
    assertEquals(Object.keys(buckets[0]).sort(), ["occupancy_avg", "occupancy_max", "timestamp"]);
    assert(buckets.some((b: { occupancy_max: number }) => b.occupancy_max > 0));
    const long = await get(
      `/api/density/spaces/${LOBBY}/history?start_time=2025-01-01&end_time=2025-06-01`,
    );
    assertEquals([long.status, long.json.error], [400, "The range may span at most 93 days"]);
    const fine = await get(
      `/api/density/spaces/${LOBBY}/history?start_time=2025-01-01&end_time=2025-01-20&time_resolution=10minute`,
    );
    assertEquals([fine.status, fine.json.error], [400, "10minute buckets are limited to 7 days"]);
    const noEnd = await get(`/api/density/spaces/${LOBBY}/history?start_time=2025-01-01`);
    assertEquals(noEnd.status, 400);
  });

  await t.step("sessions answer Density's sessions keyed by the space id", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const res = await get(
      `/api/density/spaces/${LOBBY}/sessions?start_date=${first}T00:00:00&end_date=${today}T23:59:59`,
    );
    assertEquals(res.status, 200);
    const sessions = res.json[LOBBY];
    assert(sessions.length > 20, `${sessions.length} sessions in 30 days`);
    for (const s of sessions) {
      assertEquals(Object.keys(s).sort(), ["end_time", "session_type", "start_time"]);
      assert(["0", "1", "2", "3"].includes(s.session_type));
    }
    const backwards = await get(
      `/api/density/spaces/${LOBBY}/sessions?start_date=${today}T23:59:59&end_date=${today}T00:00:00`,
    );
    assertEquals(backwards.status, 400);
  });

  await t.step("an OAuth device's space works through the token exchange", async () => {
    const before = simulator.stats.tokenExchanges;
    assertEquals((await get("/api/density/spaces/spc_conference_a/count")).status, 200);
    assertEquals((await get("/api/density/spaces/spc_conference_a/count")).status, 200);
    assertEquals(simulator.stats.tokenExchanges, before + 1);
  });

  await t.step("a failing service answers 502, a hanging one 504, with a clear error", async () => {
    const path = `/api/density/spaces/${LOBBY}/count`;
    simulator.fail("error");
    const down = await get(path);
    assertEquals([down.status, down.json.error], [
      502,
      "Density answered 500: Simulated Density outage",
    ]);
    simulator.fail("malformed");
    const garbage = await get(path);
    assertEquals([garbage.status, garbage.json.error], [
      502,
      "Density sent an answer that is not JSON",
    ]);
    simulator.fail("wrong-shape");
    const odd = await get(path);
    assertEquals([odd.status, odd.json.error], [
      502,
      "Density sent an answer of an unexpected shape",
    ]);
    // The same simulator behind an app with a shorter deadline.
    const impatient = testApp.withIntegrations({
      density: createDensity(config, { simulator, timeoutMs: 100 }),
    });
    simulator.fail("hang");
    const slow = await impatient.request("GET", path, { cookie: admin.cookie });
    assertEquals([slow.status, slow.json.error], [504, "Density did not answer within 0.1 s"]);
    assertEquals((await get(path)).status, 200);
  });

  await t.step(
    "the simulator is reachable under /sim/density with its own token check",
    async () => {
      const res = await request("GET", "/sim/density/v3/spaces", {
        headers: { authorization: `Bearer ${DENSITY_DEMO_TOKEN}` },
      });
      assertEquals(res.status, 200);
      assert(res.json.some((s: { id: string }) => s.id === LOBBY));
      assertEquals((await request("GET", "/sim/density/v3/spaces")).status, 401);
    },
  );

  await t.step("no answer ever carries a stored secret", () => {
    for (const text of answers) {
      for (const secret of [BAD_TOKEN, DENSITY_DEMO_CLIENT.secret]) {
        assert(!text.includes(secret), `secret in ${text.slice(0, 200)}`);
      }
    }
  });
});

Deno.test({
  name: "density routes: a service that is down, and missing credentials",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const app = await startTestApp({ DENSITY_API_BASE: "http://127.0.0.1:1" });
    try {
      const admin = await signInAdmin(app);
      await densityDevice(app.sql, { name: "Lobby", spaceId: LOBBY, token: "t" });
      await densityDevice(app.sql, { name: "Bare", spaceId: "spc_focus_room" });
      const down = await admin.request("GET", `/api/density/spaces/${LOBBY}/count`);
      assertEquals(down.status, 502);
      assertMatch(down.json.error, /^Density is unreachable/);
      // With a real service configured there is no demo token to fall back on.
      const bare = await admin.request("GET", "/api/density/spaces/spc_focus_room/count");
      assertEquals(bare.status, 409);
      assertMatch(bare.json.error, /^No Density credentials/);
      assertEquals((await admin.request("GET", "/api/density/spaces")).status, 409);
      // The simulator is not mounted when a real service is configured.
      assertEquals((await app.request("GET", "/sim/density/v3/spaces")).status, 404);
    } finally {
      await app.close();
    }
  },
});
