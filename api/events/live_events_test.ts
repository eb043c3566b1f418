// The dashboards' live events (spec 3 §6): an admin's stream hears lockdowns, admin
// changes and access decisions as they happen, whoever wrote them (a lockdown
// written straight in the database too); Last-Event-ID resumes without gaps; an
// event whose transaction commits late is heard, not skipped. Anonymous and member
// callers are refused by the authorization matrix (auth/access_matrix_test.ts).
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { events } from "../testing/sse.ts";
import { building, CARD } from "../access/testing.ts";

type Heard = { event: string; id: string; data: string };

/**
 * How long an event may wait for its id: until every transaction on the server that
 * began before it has ended (live_events.ts), another test file's too, which this
 * file cannot see (a seed of 10,000 people takes seconds).
 */
const SETTLED_MS = 30_000;

describeApp("live events", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const admin = b.admin;
  await addUser(sql, { email: "member@example.com" });
  const member = await testApp.login("member@example.com");
  const open = async (cookie: string, lastEventId?: string) =>
    await testApp.app.request("http://localhost:8000/api/events/stream", {
      headers: { cookie, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
    });
  /** The next event but the Doors board's (door.changed: the door's first contact; doors/board_test.ts). */
  const next = async (stream: ReturnType<typeof events>): Promise<Heard> => {
    while (true) {
      const heard = await stream.next();
      assert(heard !== "closed", "the stream closed");
      if (heard.event !== "door.changed") return heard;
    }
  };
  const summary = (heard: Heard) => {
    const data = JSON.parse(heard.data);
    return [heard.event, data.action ?? data.reason ?? data.outcome];
  };

  await t.step(
    "a member is refused: 403, no stream; a Last-Event-ID that is no event id: 400",
    async () => {
      const res = await open(member.cookie);
      assertEquals(res.status, 403);
      await res.body?.cancel();
      const bad = await open(admin.cookie, "12abc");
      assertEquals([bad.status, (await bad.json()).error], [
        400,
        "Last-Event-ID must be an event id",
      ]);
    },
  );

  let lastHeard = "";
  await t.step(
    "an admin's stream hears a lockdown start and end, their audit events, and a decision",
    async () => {
      const res = await open(admin.cookie);
      assertEquals([res.status, res.headers.get("content-type")], [200, "text/event-stream"]);
      const stream = events(res);
      const started = await admin.request("POST", "/api/lockdowns", {
        body: { scope: "all", reason: "Drill" },
      });
      assertEquals(started.status, 201);
      const heard = await next(stream);
      assertEquals([heard.event, JSON.parse(heard.data)], ["lockdown.started", started.json]);
      assertEquals(summary(await next(stream)), ["admin.change", "lockdown.start"]);
      await admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
      const ended = await next(stream);
      assertEquals([ended.event, JSON.parse(ended.data).id, JSON.parse(ended.data).endedBy.name], [
        "lockdown.ended",
        started.json.id,
        "Test User",
      ]);
      assertEquals(summary(await next(stream)), ["admin.change", "lockdown.end"]);

      const decided = await b.device("POST", "/api/access/decisions", {
        body: { credential: CARD },
      });
      assertEquals(decided.status, 200);
      const decision = await next(stream);
      const entry = JSON.parse(decision.data);
      assertEquals([decision.event, entry.userName, entry.roomName, entry.outcome], [
        "access.granted",
        "Ada Lovelace",
        "Lab",
        "success",
      ]);

      // Written by another process (here: straight in the database), heard all the same.
      const [row] = await sql`insert into lockdowns (scope, reason, started_by)
      values ('all', 'Elsewhere', '{"id": 1, "name": "Someone"}') returning id`;
      const elsewhere = await next(stream);
      assertEquals([elsewhere.event, JSON.parse(elsewhere.data).id], ["lockdown.started", row.id]);
      // Its id, as a browser keeps it: with the event, or alone once the transactions
      // running when it was sent have ended (any on the server: another test file's).
      const [event] = await sql`select id from events where type = 'lockdown.started' and subject_id = ${row.id}`;
      await stream.untilId(String(event.id), SETTLED_MS, ["door.changed"]);
      lastHeard = stream.lastEventId();
      await stream.cancel();
    },
  );

  await t.step(
    "Last-Event-ID: a reconnecting stream first hears what it missed, in order, then the rest live",
    async () => {
      // Missed while away: an end of the lockdown and a denial (unknown card).
      await sql`update lockdowns set ended_at = now(), ended_by = '{"id": 1, "name": "Someone"}' where ended_at is null`;
      await b.device("POST", "/api/access/decisions", {
        body: { credential: { ...CARD, cardCode: "1" } },
      });
      const stream = events(await open(admin.cookie, lastHeard));
      const missed = [await next(stream), await next(stream)];
      assertEquals(missed.map((heard) => heard.event), ["lockdown.ended", "access.denied"]);
      assert(
        Number(missed[0].id) > Number(lastHeard) && Number(missed[1].id) > Number(missed[0].id),
      );
      await admin.request("POST", "/api/lockdowns", {
        body: { scope: "all", reason: "Live again" },
      });
      assertEquals(summary(await next(stream)), ["lockdown.started", "Live again"]);
      await stream.cancel();
    },
  );

  // Two transactions at once need a second connection: PostgreSQL only (PGlite has one).
  const oneConnection = !Deno.env.get("DATABASE_URL");

  await t.step({ name: "a lockdown is heard at once while an older transaction runs, and that one's event when it commits", ignore: oneConnection, fn: async () => {
    const stream = events(await open(admin.cookie));
    const older = await sql.reserve();
    try {
      await older`begin`;
      await older`insert into lockdowns (scope, reason, started_by) values ('all', 'Older', '{"id": 1, "name": "A"}')`;
      // A later transaction commits first: heard within the second, not when the older one ends.
      const committed = Date.now();
      await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Newer', '{"id": 1, "name": "B"}')`;
      const newer = await next(stream);
      assertEquals(summary(newer), ["lockdown.started", "Newer"]);
      assert(Date.now() - committed < 1_000, `heard ${Date.now() - committed} ms after its commit`);
      // Without an id: a Last-Event-ID past it would skip the older transaction's event.
      assertEquals(newer.id, undefined);
      await older`commit`;
    } finally {
      older.release();
    }
    const olderHeard = await next(stream);
    assertEquals(summary(olderHeard), ["lockdown.started", "Older"]);
    // Both final now, the newer last in log order: the stream is sent its id alone (once
    // no transaction on the server that began before them still runs).
    const [newerEvent] = await sql`select e.id from events e join lockdowns l on l.id = e.subject_id
      where e.type = 'lockdown.started' and l.reason = 'Newer'`;
    await stream.untilId(String(newerEvent.id), SETTLED_MS);
    await stream.cancel();
  } });

  await t.step({ name: "Last-Event-ID after an event heard ahead of an older transaction: the older one's event is not lost", ignore: oneConnection, fn: async () => {
    const stream = events(await open(admin.cookie));
    await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Before', '{"id": 1, "name": "A"}')`;
    assertEquals(summary(await next(stream)), ["lockdown.started", "Before"]);
    const older = await sql.reserve();
    let resumeFrom: string;
    try {
      await older`begin`;
      await older`insert into lockdowns (scope, reason, started_by) values ('all', 'Still open', '{"id": 1, "name": "A"}')`;
      await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Heard ahead', '{"id": 1, "name": "B"}')`;
      assertEquals(summary(await next(stream)), ["lockdown.started", "Heard ahead"]);
      // The browser goes away here, its Last-Event-ID still Before's.
      resumeFrom = stream.lastEventId();
      assert(resumeFrom !== "");
      await stream.cancel();
      await older`commit`;
    } finally {
      older.release();
    }
    const resumed = events(await open(admin.cookie, resumeFrom));
    const heard = [summary(await next(resumed)), summary(await next(resumed))];
    // In log order: the older transaction's first; the one heard ahead again (heard twice, never lost).
    assertEquals(heard, [["lockdown.started", "Still open"], ["lockdown.started", "Heard ahead"]]);
    await resumed.cancel();
  } });

  await t.step("a Last-Event-ID the log no longer holds: resync (read again), then live from there", async () => {
    const stream = events(await open(admin.cookie, "999999999"));
    // Committed once the answer is here, before resync is read: heard after it.
    await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'After resync', '{"id": 1, "name": "A"}')`;
    assertEquals((await next(stream)).event, "resync");
    assertEquals(summary(await next(stream)), ["lockdown.started", "After resync"]);
    await stream.cancel();
  });

  await t.step("a Last-Event-ID older than the week events are kept: resync, though the log may hold it still", async () => {
    // Kept for a delivery (jobs/housekeeping.ts), when the events after it may be gone.
    const [kept] = await sql`insert into events (type, subject_id, at)
      values ('admin.change', 1, now() - interval '8 days') returning id`;
    const stream = events(await open(admin.cookie, String(kept.id)));
    assertEquals((await next(stream)).event, "resync");
    await stream.cancel();
  });

  await t.step({ name: "a stream opened while an older transaction runs does not hear what committed before it", ignore: oneConnection, fn: async () => {
    // Any transaction on the server holds back the oldest-running mark (another test's
    // database, a long report): what committed after it began, before the stream, is past.
    const older = await sql.reserve();
    try {
      await older`begin`;
      await older`select pg_current_xact_id()`;
      await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Before the stream', '{"id": 1, "name": "A"}')`;
      const stream = events(await open(admin.cookie));
      await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'After the stream', '{"id": 1, "name": "A"}')`;
      await older`commit`;
      assertEquals(summary(await next(stream)), ["lockdown.started", "After the stream"]);
      await stream.cancel();
    } finally {
      older.release();
    }
  } });
});
