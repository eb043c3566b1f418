// The reference controller when the server refuses it (spec 3 §3: it decides alone
// only when the server does not answer in time or cannot be reached). A revoked key
// (401) denies the badge, and the door grants nobody alone while its key stays
// refused, the server unreachable or the door restarted, until an answer that is not
// 401 (its new key); another 4xx is the server's denial; 429 and 5xx (a busy server,
// its database away) are still decided alone. Against the app served on a loopback
// port in this process, then against a server played by the test's fetch.
import { assert, assertEquals, assertMatch } from "../api/testing/assert.ts";
import { describeApp } from "../api/testing/test_app.ts";
import { building, CARD } from "../api/access/testing.ts";
import type { AccessList } from "../api/access/access_list.ts";
import { DoorController } from "./controller.ts";
import { fileStore, memoryStore } from "./state_file.ts";

const unreachable = () => Promise.reject(new TypeError("connection refused"));

describeApp("door controller: its key revoked, then given a new one", async (t, testApp) => {
  const b = await building(testApp);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, testApp.app.fetch);
  const work = await Deno.makeTempDir({ prefix: "threshold-door-key-" });
  const statePath = `${work}/state.json`;
  const lines: string[] = [];
  let reachable = true;
  const controller = (key: string) =>
    new DoorController({
      url: `http://127.0.0.1:${server.addr.port}`,
      key,
      store: fileStore(statePath),
      print: (line) => lines.push(line),
      fetch: (input, init) => reachable ? fetch(input, init) : unreachable(),
    });
  const saved = async () => JSON.parse(await Deno.readTextFile(statePath));
  let door = controller(b.apiKey);
  try {
    await door.start();
    assertEquals((await door.badge(CARD)).decision, "granted");

    await t.step("revoked: the server's 401 denies the badge, not decided alone from the list", async () => {
      const revoked = await b.admin.request("DELETE", `/api/devices/${b.deviceId}/api-key`);
      assertEquals(revoked.status, 200);
      assertEquals((await door.badge(CARD)).decision, "denied");
      assertEquals(lines.at(-1), "denied -: Device key refused (server)");
      assert(lines.includes("device key refused: rotated, revoked or the device deleted"), lines.join("\n"));
      assertEquals(door.keyRefused, true);
      assertEquals([(await saved()).keyRefused, (await saved()).pending], [true, []]);
    });

    await t.step("then unreachable, and after a restart: still no grant alone", async () => {
      reachable = false;
      assertEquals((await door.badge(CARD)).decision, "denied");
      assertMatch(lines.at(-1)!, /^denied -: Device key refused \(alone, connection refused\) [0-9a-f-]{36}$/);
      await door.stop();
      door = controller(b.apiKey);
      await door.start();
      assertEquals((await door.badge(CARD)).decision, "denied");
      assertMatch(lines.at(-1)!, /^denied -: Device key refused \(alone, connection refused\) /);
    });

    await t.step("a new key: accepted, its refusals handed over, and it decides alone again", async () => {
      const keyed = await b.admin.request("POST", `/api/devices/${b.deviceId}/api-key`);
      assertEquals(keyed.status, 201);
      await door.stop();
      reachable = true;
      door = controller(keyed.json.apiKey);
      await door.start();
      assert(lines.includes("device key accepted"), lines.join("\n"));
      assertEquals(door.keyRefused, false);
      await door.flush();
      assertEquals((await saved()).pending, []);
      const logged = await testApp.sql`select outcome, reason from access_logs where device_id = ${b.deviceId} and outcome = 'denied'`;
      assertEquals(logged.map((r) => [r.outcome, r.reason]), [["denied", "Denied by the controller"], ["denied", "Denied by the controller"]]);
      reachable = false;
      assertEquals((await door.badge(CARD)).decision, "granted");
      assertMatch(lines.at(-1)!, /^granted Ada Lovelace: Access granted \(alone, connection refused\) /);
    });
  } finally {
    await door.stop();
    await server.shutdown();
    await Deno.remove(work, { recursive: true });
  }
});

const LIST: AccessList = {
  device: { id: 1, deviceId: "D1", name: "Door", isActive: true },
  room: { id: 1, name: "Lab", isActive: true, unlockScheduleId: null, firstPersonIn: false },
  denyAll: null,
  users: [{ id: 1, name: "Ada Lovelace", scheduleIds: null }],
  schedules: [],
  credentials: [{ ...CARD, userId: 1 }],
  passkeys: [],
  wallets: [],
  lockdown: false,
  lockdownOverrideUserIds: [],
  visits: [],
};

/**
 * A door whose server is played by its fetch: the list above, each decision answered
 * by `decide` (its turn from 0), uploads taken, and a stream that answers nothing
 * until the door stops.
 */
function playedDoor(decide: (n: number) => Promise<Response>) {
  const lines: string[] = [];
  let decisions = 0;
  const door = new DoorController({
    url: "http://door.test",
    key: "thd_test",
    store: memoryStore(),
    print: (line) => lines.push(line),
    fetch: (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/access/decisions") return decide(decisions++);
      if (path === "/api/access/devices/self/access-list") return Promise.resolve(Response.json(LIST, { headers: { etag: '"x"' } }));
      if (path === "/api/access/devices/self/events") return answer(200, { accepted: 0, duplicates: 0 });
      return new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    },
  });
  return { door, lines };
}

const answer = (status: number, body: unknown = { error: `Answered ${status}`, code: "x" }) =>
  Promise.resolve(typeof body === "string" ? new Response(body, { status }) : Response.json(body, { status }));

Deno.test("door controller: another 4xx is the server's denial; 429 and 5xx are decided alone", async () => {
  for (const status of [400, 403, 404, 409, 422]) {
    const { door, lines } = playedDoor(() => answer(status));
    await door.start();
    assertEquals((await door.badge(CARD)).decision, "denied");
    assertEquals(lines.at(-1), `denied -: Answered ${status} (server)`);
    await door.stop();
  }
  const { door: textDoor, lines: textLines } = playedDoor(() => answer(410, "Gone"));
  await textDoor.start();
  await textDoor.badge(CARD);
  assertEquals(textLines.at(-1), "denied -: answered 410 (server)");
  await textDoor.stop();
  for (const status of [429, 500, 503]) {
    const { door, lines } = playedDoor(() => answer(status));
    await door.start();
    assertEquals((await door.badge(CARD)).decision, "granted");
    assertMatch(lines.at(-1)!, new RegExp(`^granted Ada Lovelace: Access granted \\(alone, answered ${status}\\) `));
    await door.stop();
  }
});

Deno.test("door controller: a refused key stays refused through 503s and lost answers, until the server takes it", async () => {
  const turns = [() => answer(401), () => answer(503), unreachable, () => answer(429), () => answer(200, {
    decision: "granted",
    reason: null,
    message: "Access granted",
    userId: 1,
    userName: "Ada Lovelace",
  }), () => answer(503)];
  const { door, lines } = playedDoor((n) => turns[n]());
  await door.start();
  try {
    const decided = [];
    for (let i = 0; i < turns.length; i++) decided.push((await door.badge(CARD)).decision);
    assertEquals(decided, ["denied", "denied", "denied", "denied", "granted", "granted"]);
    assertEquals(lines.filter((l) => /^(denied|granted|device key)/.test(l)).map((l) => l.replace(/ [0-9a-f-]{36}$/, "")), [
      "device key refused: rotated, revoked or the device deleted",
      "denied -: Device key refused (server)",
      "denied -: Device key refused (alone, answered 503)",
      "denied -: Device key refused (alone, connection refused)",
      "denied -: Device key refused (alone, answered 429)",
      "device key accepted",
      "granted Ada Lovelace: Access granted (server)",
      "granted Ada Lovelace: Access granted (alone, answered 503)",
    ]);
  } finally {
    await door.stop();
  }
});

Deno.test("door controller: a state file from before the refused key loads, and decides alone", async () => {
  const work = await Deno.makeTempDir({ prefix: "threshold-door-old-" });
  try {
    const path = `${work}/state.json`;
    await Deno.writeTextFile(path, JSON.stringify({ etag: '"x"', list: LIST, version: null, pending: [], doorEvents: [], lastGrantAt: null }));
    const lines: string[] = [];
    const door = new DoorController({ url: "http://door.test", key: "thd_test", store: fileStore(path), print: (l) => lines.push(l), fetch: unreachable });
    await door.start();
    assertEquals(door.keyRefused, false);
    assertEquals((await door.badge(CARD)).decision, "granted");
    await door.stop();
    assertEquals(JSON.parse(await Deno.readTextFile(path)).keyRefused, false);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
