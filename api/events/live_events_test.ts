// The dashboards' live events (spec 3 §6), lockdowns so far: an admin's stream hears
// lockdown.started and lockdown.ended as they happen, through PostgreSQL (a lockdown
// written straight in the database too). Anonymous and member callers are refused by
// the authorization matrix (auth/access_matrix_test.ts).
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { events } from "../testing/sse.ts";

describeApp("live events", async (t, testApp) => {
  const { sql } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await testApp.login("admin@example.com");
  await addUser(sql, { email: "member@example.com" });
  const member = await testApp.login("member@example.com");
  const open = async (cookie: string) =>
    await testApp.app.request("http://localhost:8000/api/events/stream", { headers: { cookie } });

  await t.step("a member is refused: 403, no stream", async () => {
    const res = await open(member.cookie);
    assertEquals(res.status, 403);
    await res.body?.cancel();
  });

  await t.step("an admin's stream hears a lockdown start and end, with its id", async () => {
    const res = await open(admin.cookie);
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "text/event-stream");
    const stream = events(res);
    const started = await admin.request("POST", "/api/lockdowns", { body: { scope: "all", reason: "Drill" } });
    assertEquals(started.status, 201);
    const heard = await stream.next();
    assert(heard !== "closed");
    assertEquals([heard.event, JSON.parse(heard.data)], ["lockdown.started", { id: started.json.id }]);
    await admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    const ended = await stream.next();
    assert(ended !== "closed");
    assertEquals([ended.event, JSON.parse(ended.data)], ["lockdown.ended", { id: started.json.id }]);

    // Written by another process (here: straight in the database), heard all the same.
    const [row] = await sql`insert into lockdowns (scope, reason, started_by)
      values ('all', 'Elsewhere', '{"id": 1, "name": "Someone"}') returning id`;
    const elsewhere = await stream.next();
    assert(elsewhere !== "closed");
    assertEquals([elsewhere.event, JSON.parse(elsewhere.data)], ["lockdown.started", { id: row.id }]);
    await stream.cancel();
  });
});
