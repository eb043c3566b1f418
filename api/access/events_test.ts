// POST /api/access/devices/self/events: decisions made offline, uploaded later,
// logged once each by event id; bad input refuses the whole batch.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD, logCount } from "./testing.ts";
import { MAX_EVENTS } from "./schemas.ts";

const PATH = "/api/access/devices/self/events";
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describeApp("offline events", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const upload = (body: unknown) => b.device("POST", PATH, { body });
  const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
  const batch = [
    { eventId: ids[0], timestamp: minutesAgo(30), credential: CARD, decision: "granted" },
    {
      eventId: ids[1],
      timestamp: minutesAgo(20),
      credential: { type: "EM41", cardCode: "FFFF0000" },
      decision: "denied",
      reason: "unknown_credential",
      action: "Badge Scan",
    },
    {
      eventId: ids[2].toUpperCase(),
      timestamp: minutesAgo(10).replace("Z", "+02:00"),
      credential: CARD,
      decision: "denied",
    },
  ];

  await t.step("a batch is logged, each event with its own time and outcome", async () => {
    const before = await logCount(testApp);
    const res = await upload(batch);
    assertEquals(res.status, 200);
    assertEquals(res.json, { accepted: 3, duplicates: 0 });
    assertEquals(await logCount(testApp), before + 3);
    const rows = await sql`select * from access_logs where event_id is not null order by timestamp`;
    assertEquals(rows.map((r) => r.eventId), [ids[2], ids[0], ids[1]]); // +02:00 is earliest
    const [denied, granted, unknown] = rows;
    assertEquals(granted.timestamp.toISOString(), batch[0].timestamp);
    assertEquals([granted.outcome, granted.reason, granted.action], ["success", null, "Unlock"]);
    assertEquals([granted.userId, granted.userName], [b.userId, "Ada Lovelace"]);
    assertEquals([granted.deviceId, granted.deviceName], [b.deviceId, "Lab Reader"]);
    assertEquals([granted.roomId, granted.roomName], [b.roomId, "Lab"]);
    assertEquals(granted.credentialType, "HID Prox");
    assertEquals([unknown.outcome, unknown.reason, unknown.userId], [
      "denied",
      "Unknown credential",
      null,
    ]);
    assertEquals(unknown.action, "Badge Scan");
    assertEquals([denied.outcome, denied.reason], ["denied", "Denied by the controller"]);
  });

  await t.step("the newest event becomes the device's last attempt", async () => {
    const device = (await b.admin.request("GET", `/api/devices/${b.deviceId}`)).json;
    assertEquals(device.lastAccessAttempt, batch[1].timestamp);
    assertEquals(device.lastAccessOutcome, "denied");
  });

  await t.step("a replay logs nothing twice", async () => {
    const before = await logCount(testApp);
    assertEquals((await upload(batch)).json, { accepted: 0, duplicates: 3 });
    const mixed = [...batch, {
      eventId: ids[3],
      timestamp: minutesAgo(5),
      credential: CARD,
      decision: "granted",
    }];
    assertEquals((await upload(mixed)).json, { accepted: 1, duplicates: 3 });
    assertEquals(await logCount(testApp), before + 1);
  });

  await t.step("an event repeated inside one batch is logged once", async () => {
    const id = crypto.randomUUID();
    const event = { eventId: id, timestamp: minutesAgo(1), credential: CARD, decision: "granted" };
    assertEquals((await upload([event, event])).json, { accepted: 1, duplicates: 1 });
    assertEquals(
      (await sql`select count(*)::int as n from access_logs where event_id = ${id}`)[0].n,
      1,
    );
  });

  await t.step("an older upload does not move the device's last attempt back", async () => {
    await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
    const lastAccess = async () => {
      const { lastAccessAttempt, lastAccessOutcome } =
        (await b.admin.request("GET", `/api/devices/${b.deviceId}`)).json;
      return { lastAccessAttempt, lastAccessOutcome };
    };
    const before = await lastAccess();
    assertEquals(before.lastAccessOutcome, "authorized");
    await upload([{
      eventId: crypto.randomUUID(),
      timestamp: minutesAgo(90),
      credential: { type: "EM41", cardCode: "1" },
      decision: "denied",
    }]);
    assertEquals(await lastAccess(), before);
  });

  await t.step("an empty batch is fine", async () => {
    assertEquals((await upload([])).json, { accepted: 0, duplicates: 0 });
  });

  await t.step("bad input refuses the whole batch with 400 and logs nothing", async () => {
    const good = () => ({
      eventId: crypto.randomUUID(),
      timestamp: minutesAgo(1),
      credential: CARD,
      decision: "granted",
    });
    const cases: [unknown, RegExp][] = [
      [{}, /must be a list of events/],
      [{ events: [good()] }, /must be a list of events/],
      [[good(), { ...good(), eventId: "not-a-uuid" }], /^1\.eventId: must be a UUID/],
      [[{ ...good(), eventId: undefined }], /eventId/],
      [[{ ...good(), timestamp: "yesterday" }], /timestamp: must be an ISO date-time/],
      [[{ ...good(), timestamp: "2025-01-01T10:00:00" }], /timestamp/], // no offset
      [[{ ...good(), timestamp: new Date(Date.now() + 3_600_000).toISOString() }], /in the future/],
      [[{ ...good(), timestamp: "2001-01-01T00:00:00Z" }], /days ago/],
      [[{ ...good(), decision: "maybe" }], /decision: must be granted or denied/],
      [[{ ...good(), reason: "no_group_access" }], /reason: does not match the decision/],
      [[{ ...good(), decision: "denied", reason: "granted" }], /reason: does not match/],
      [[{ ...good(), decision: "denied", reason: "bad_luck" }], /reason: must be one of/],
      [[{ ...good(), credential: { type: "HID Prox" } }], /credential\.cardCode/],
      [[{ ...good(), credential: { type: "Barcode", cardCode: "1" } }], /type: must be one of/],
      [[{ ...good(), action: "x".repeat(51) }], /action: must be at most 50/],
      [[good(), null], /^1:/],
      [Array.from({ length: MAX_EVENTS + 1 }, good), new RegExp(`at most ${MAX_EVENTS} events`)],
    ];
    const before = await logCount(testApp);
    for (const [body, message] of cases) {
      const res = await upload(body);
      assertEquals(res.status, 400, JSON.stringify(body).slice(0, 200));
      assertMatch(res.json.error, message);
    }
    const broken = await b.device("POST", PATH, {
      raw: "[{",
      headers: { "content-type": "application/json" },
    });
    assertEquals(broken.status, 400);
    assertEquals(await logCount(testApp), before);
  });

  await t.step("a full batch fits the request size limit", async () => {
    const events = Array.from({ length: MAX_EVENTS }, (_, i) => ({
      eventId: crypto.randomUUID(),
      timestamp: minutesAgo(100 + i),
      credential: { type: "PKOC BLE", facilityCode: "1234", cardCode: "A1B2C3D4E5F60718" },
      decision: "denied",
      reason: "unknown_credential",
      action: "Badge Scan",
    }));
    const res = await upload(events);
    assertEquals(res.status, 200, res.text);
    assertEquals(res.json, { accepted: MAX_EVENTS, duplicates: 0 });
  });

  await t.step("events are only taken from a device with its key", async () => {
    const event = [{
      eventId: crypto.randomUUID(),
      timestamp: minutesAgo(1),
      credential: CARD,
      decision: "granted",
    }];
    const before = await logCount(testApp);
    assertEquals((await testApp.request("POST", PATH, { body: event })).status, 401);
    assertEquals((await b.admin.request("POST", PATH, { body: event })).status, 401);
    assert((await logCount(testApp)) === before);
  });

  await t.step("a decision sent with an eventId is logged with it: the same attempt uploaded later is a duplicate", async () => {
    const eventId = crypto.randomUUID();
    const online = await b.device("POST", "/api/access/decisions", { body: { credential: CARD, eventId } });
    assertEquals(online.status, 200, online.text);
    const [row] = await sql`select event_id from access_logs where id = ${online.json.logId}`;
    assertEquals(row.eventId, eventId);
    const late = await upload([{ eventId, timestamp: minutesAgo(0), credential: CARD, decision: "granted" }]);
    assertEquals(late.json, { accepted: 0, duplicates: 1 });
    // Asked again with the same id: the decision logged for it, not logged twice.
    const again = await b.device("POST", "/api/access/decisions", { body: { credential: CARD, eventId } });
    assertEquals(again.status, 200);
    assertEquals(again.json, online.json);
    assertEquals((await sql`select count(*)::int as n from access_logs where event_id = ${eventId}`)[0].n, 1);
    const bad = await b.device("POST", "/api/access/decisions", { body: { credential: CARD, eventId: "nope" } });
    assertEquals([bad.status, bad.json.error], [400, "eventId: must be a UUID"]);
  });
});
