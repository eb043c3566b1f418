// A guest's arrival (spec 4 §5): the first granted entry sets arrivedAt and writes the
// visit.arrived event (a webhook subscribed to it gets a delivery); the host is told
// once, by e-mail and by a push to each subscription on a live session, however many
// processes look and however many entries follow.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { building } from "../access/testing.ts";
import { eventsById } from "../events/event_data.ts";
import { noticesOf } from "../notifications/notices.ts";
import { hashToken } from "../auth/tokens.ts";
import { tellArrivals } from "./arrival_notices.ts";

describeApp("a guest's arrival", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const notices = noticesOf(testApp.config);
  const host = await testApp.login("ada@example.com");
  // The host's phone: a subscription under their live session (made as the push call would).
  const session = decodeURIComponent(/=([^;]+)/.exec(host.cookie)![1]);
  await sql`insert into push_subscriptions (endpoint, p256dh, auth, user_id, session_token_hash)
    values ('https://push.example/ada', 'k', 'a', ${b.userId}, ${hashToken(session)})`;
  const hook = await b.admin.request("POST", "/api/webhooks", {
    body: { url: "https://93.184.215.14/hook", eventTypes: ["visit.arrived"] },
  });
  assertEquals(hook.status, 201, hook.text);

  const made = await b.admin.request("POST", "/api/visits", {
    body: {
      guestName: "Gil Guest",
      hostId: b.userId,
      roomIds: [b.roomId],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const visit = made.json;
  const pin = () => b.device("POST", "/api/access/decisions", { body: { credential: { type: "PIN", code: visit.pin } } });

  await t.step("the first entry is the arrival: arrivedAt, and the visit.arrived event with the visit", async () => {
    assertEquals((await pin()).json.decision, "granted");
    assertEquals((await pin()).json.decision, "granted");
    const events = await sql<{ id: number }[]>`select id from events where type = 'visit.arrived'`;
    assertEquals(events.length, 1);
    const [event] = await eventsById(sql, [Number(events[0].id)]);
    const data = event.data as { id: number; arrivedAt: Date; guestName: string };
    assertEquals([data.id, data.guestName, "pin" in data], [visit.id, "Gil Guest", false]);
    assert(data.arrivedAt instanceof Date);
    const deliveries = await sql`select 1 from webhook_deliveries where webhook_id = ${hook.json.id}`;
    assertEquals(deliveries.length, 1);
  });

  await t.step("the host is told once, by e-mail and push, whoever looks", async () => {
    const told = await Promise.all([tellArrivals(sql, notices), tellArrivals(sql, notices), tellArrivals(sql, notices)]);
    assertEquals(told.reduce((a, b) => a + b, 0), 1);
    assertEquals(await tellArrivals(sql, notices), 0);
    const mails = await sql`select subject, text_body from mail_messages where to_address = 'ada@example.com'`;
    assertEquals(mails.map((m) => m.subject), ["Your guest Gil Guest has arrived"]);
    assert(mails[0].textBody.includes("Gil Guest arrived at Lab at "), mails[0].textBody);
    const pushes = await sql`select payload from push_messages`;
    assertEquals(pushes.length, 1);
    const payload = JSON.parse(pushes[0].payload);
    assertEquals([payload.title, payload.url, payload.tag], ["Your guest Gil Guest has arrived", "/app", `visit-${visit.id}`]);
  });

  await t.step("a deactivated host is sent nothing; their guest, an admin's, still gets in", async () => {
    const hostId = await addUser(sql, { email: "gone@example.com", firstName: "Gus", lastName: "Gone" });
    const theirs = await b.admin.request("POST", "/api/visits", {
      body: {
        guestName: "Val Visitor",
        hostId,
        roomIds: [b.roomId],
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    assertEquals(theirs.status, 201, theirs.text);
    await sql`update users set is_active = false where id = ${hostId}`;
    const entry = await b.device("POST", "/api/access/decisions", { body: { credential: { type: "PIN", code: theirs.json.pin } } });
    assertEquals(entry.json.decision, "granted");
    assertEquals(await tellArrivals(sql, notices), 1);
    assertEquals((await sql`select 1 from mail_messages where to_address = 'gone@example.com'`).length, 0);
    assertEquals((await sql`select 1 from push_messages`).length, 1); // the first step's only
  });

  await t.step("a denied attempt is no arrival", async () => {
    const later = await b.admin.request("POST", "/api/visits", {
      body: {
        guestName: "Lou Later",
        roomIds: [b.roomId],
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      },
    });
    const early = await b.device("POST", "/api/access/decisions", { body: { credential: { type: "PIN", code: later.json.pin } } });
    assertEquals(early.json.reason, "visit_not_active");
    const [row] = await sql`select arrived_at from visits where id = ${later.json.id}`;
    assertEquals(row.arrivedAt, null);
    assertEquals(await tellArrivals(sql, notices), 0);
  });
});
