// Issue 12: every bad input is a 400 that changes nothing. Generated from the
// app's own route list, like the access matrix: each mutating route gets its
// valid example (testing/route_examples.ts) spoiled every way testing/bad_input.ts
// knows, and every table must read the same afterwards: nothing is left out of
// the comparison, not even a session's last_seen_at, since input is checked
// before the session is read (and no test request sends an Idempotency-Key).
import { isDeepStrictEqual } from "node:util";
import { assert, assertEquals } from "../testing/assert.ts";
import { apiRoutes } from "../testing/access_matrix.ts";
import { badRequests, malformedDates } from "../testing/bad_input.ts";
import { snapshot } from "../testing/db_snapshot.ts";
import { createWorld, fillPath, ROUTE_EXAMPLES, send } from "../testing/route_examples.ts";
import { describeApp } from "../testing/test_app.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

describeApp("bad input is a 400 that changes nothing", async (t, testApp) => {
  const world = await createWorld(testApp);
  const routes = apiRoutes(testApp.app).filter((route) => MUTATING.has(route.method))
    .map(({ method, path }) => ({ method, path, key: `${method} ${path}` }));

  await t.step("every mutating route has a valid example, and every example a route", () => {
    const keys = routes.map((route) => route.key);
    assert(keys.length >= 40, `${keys.length} mutating routes`);
    assertEquals(keys.filter((key) => !(key in ROUTE_EXAMPLES)), [], "routes without an example");
    assertEquals(Object.keys(ROUTE_EXAMPLES).filter((key) => !keys.includes(key)), []);
  });

  await t.step("poisoned text, malformed JSON and non-canonical ids: 400, no change", async () => {
    const problems: string[] = [];
    for (const { method, path, key } of routes.filter(({ key }) => key in ROUTE_EXAMPLES)) {
      const example = await ROUTE_EXAMPLES[key](world);
      const before = await snapshot(testApp.sql);
      for (const bad of badRequests(path, example)) {
        const res = await send(world, method, bad.path, example, { raw: bad.raw });
        if (res.status !== 400 || res.json?.error !== bad.error) {
          problems.push(`${key}, ${bad.what}: ${res.status} ${res.text} (wanted ${bad.error})`);
        }
      }
      const after = await snapshot(testApp.sql);
      const changed = Object.keys(after).filter((t) => !isDeepStrictEqual(before[t], after[t]));
      if (changed.length) problems.push(`${key}: bad requests changed ${changed.join(", ")}`);
    }
    assertEquals(problems, []);
  });

  await t.step(
    "every example, sent as it is, succeeds (so the 400s came from the spoiling)",
    async () => {
      const problems: string[] = [];
      for (const { method, path, key } of routes.filter(({ key }) => key in ROUTE_EXAMPLES)) {
        const example = await ROUTE_EXAMPLES[key](world);
        const res = await send(world, method, fillPath(path, example.params), example);
        if (res.status < 200 || res.status > 299) {
          problems.push(`${key}: ${res.status} ${res.text}`);
        }
      }
      assertEquals(problems, []);
    },
  );

  await t.step("clean text still goes through: tab, newline, emoji, other scripts", async () => {
    const name = "Salle Œ — 会議室 🚪";
    const description = "Line one\n\tindented, with a pair: 👩🏽‍💻";
    const created = await world.admin.request("POST", "/api/rooms", {
      body: { name, description },
    });
    assertEquals(created.status, 201);
    const read = await world.admin.request("GET", `/api/rooms/${created.json.id}`);
    assertEquals([read.json.name, read.json.description], [name, description]);

    const user = await world.admin.request("POST", "/api/users", {
      body: {
        firstName: "Zoë",
        lastName: "Ångström",
        email: "zoe@example.com",
        password: "pässwörd 🔑",
      },
    });
    assertEquals(user.status, 201);
    assertEquals([user.json.firstName, user.json.lastName], ["Zoë", "Ångström"]);

    const group = await world.admin.request("POST", "/api/groups", {
      body: { name: "Équipe de nuit", description: "Tab\there, newline\nthere" },
    });
    assertEquals(group.status, 201);
    assertEquals(group.json.description, "Tab\there, newline\nthere");
  });

  // Last: a replaced value may be accepted (a room named "2026-13-01"), which changes the world.
  await t.step("any string replaced by a malformed date or time: never a 5xx", async () => {
    const problems: string[] = [];
    for (const { method, path, key } of routes.filter(({ key }) => key in ROUTE_EXAMPLES)) {
      const example = await ROUTE_EXAMPLES[key](world);
      for (const odd of malformedDates(path, example)) {
        const res = await send(world, method, odd.path, example, { raw: odd.raw });
        if (res.status >= 500) problems.push(`${key}, ${odd.what}: ${res.status} ${res.text}`);
      }
    }
    assertEquals(problems, []);
  });
});
