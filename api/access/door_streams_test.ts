// The doors' live channel (spec 3 §3): GET /api/access/devices/self/stream. A door
// hears list-changed with its list's ETag at once (unless Last-Event-ID says it has
// that list), then whenever its list changes, through whichever process or even
// straight in the database (PostgreSQL's NOTIFY carries it), and never for a change
// that leaves its list as it was; a key revoked or rotated ends the stream.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp, type TestApp } from "../testing/test_app.ts";
import { building, othersInGroup } from "./testing.ts";
import { COALESCE_MAX_MS, COALESCE_MS } from "./door_streams.ts";
import { events } from "../testing/sse.ts";
import { applyDelta, type ListDelta } from "./list_delta.ts";

describeApp("door streams", async (t, testApp: TestApp) => {
  const b = await building(testApp);
  const { sql } = testApp;
  const open = async (headers: Record<string, string> = {}) => {
    const res = await testApp.app.request("http://door.local/api/access/devices/self/stream", {
      headers: { authorization: `Bearer ${b.apiKey}`, ...headers },
    });
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "text/event-stream");
    return events(res);
  };
  const listTag = async () =>
    (await b.device("GET", "/api/access/devices/self/access-list")).headers.get("etag")!;

  await t.step("no key, or a wrong one: 401, no stream", async () => {
    const none = await testApp.app.request("http://door.local/api/access/devices/self/stream");
    assertEquals(none.status, 401);
    const wrong = await testApp.app.request("http://door.local/api/access/devices/self/stream", {
      headers: { authorization: `Bearer thr_dev_${"x".repeat(43)}` },
    });
    assertEquals(wrong.status, 401);
    await none.body?.cancel();
    await wrong.body?.cancel();
  });

  await t.step("a new stream hears list-changed at once, with the access list's ETag as id, and its ETag, version and digest as data", async () => {
    const stream = await open();
    const first = await stream.next();
    assert(first !== "closed");
    const list = await b.device("GET", "/api/access/devices/self/access-list");
    const tag = list.headers.get("etag")!;
    assertEquals(first, {
      event: "list-changed",
      id: tag,
      data: JSON.stringify({ etag: tag, version: list.headers.get("access-list-version"), digest: list.headers.get("access-list-digest") }),
    });
    await stream.cancel();
  });

  await t.step("a lockdown of its room reaches it with the new list's ETag; one of another room does not", async () => {
    const stream = await open({ "last-event-id": await listTag() });
    const [elsewhere] = await sql`insert into rooms (name) values ('Elsewhere') returning id`;
    const far = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [elsewhere.id], reason: "Drill" } });
    assertEquals(far.status, 201);
    const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Intruder" } });
    assertEquals(started.status, 201);
    // The first event is the lab's lockdown: neither the stream's opening (it had this
    // list) nor the other room's lockdown said anything.
    const heard = await stream.next();
    assert(heard !== "closed");
    const tag = await listTag();
    assertEquals([heard.event, heard.id], ["list-changed", tag]);
    assertEquals((await b.device("GET", "/api/access/devices/self/access-list")).json.lockdown, true);
    await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    const ended = await stream.next();
    assert(ended !== "closed");
    assertEquals(ended.id, await listTag());
    await stream.cancel();
  });

  await t.step("a change made straight in the database reaches it too: PostgreSQL, not this process, tells", async () => {
    const stream = await open({ "last-event-id": await listTag() });
    await sql`update users set first_name = 'Augusta' where id = ${b.userId}`;
    const heard = await stream.next();
    assert(heard !== "closed");
    assertEquals(heard.id, await listTag());
    assert((await b.device("GET", "/api/access/devices/self/access-list")).text.includes("Augusta"));
    await stream.cancel();
  });

  await t.step("list-changed carries the delta from the version it told last: applied to that list it makes the list now; a lockdown's is the head alone", async () => {
    await othersInGroup(testApp, b.groupId, "other");
    const stream = await open();
    const next = async () => {
      const event = await stream.next();
      assert(event !== "closed");
      return JSON.parse(event.data) as { etag: string; version: string; digest: string; delta?: ListDelta };
    };
    const first = await next();
    assertEquals(first.delta, undefined, "no version told yet: nothing to move on from");
    const held = await b.device("GET", "/api/access/devices/self/access-list");
    assertEquals(held.headers.get("access-list-version"), first.version);

    await sql`update users set first_name = 'Inline' where id = ${b.userId}`;
    const changed = await next();
    const delta = changed.delta!;
    assertEquals([delta.since, delta.version, delta.digest, delta.etag], [first.version, changed.version, changed.digest, changed.etag]);
    assertEquals([delta.users.map((u) => u.name), delta.removedUserIds], [["Inline Lovelace"], []]);
    const list = applyDelta(held.json, delta);
    assertEquals(list, (await b.device("GET", "/api/access/devices/self/access-list")).json);

    const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Inline" } });
    const locked = (await next()).delta!;
    assertEquals([locked.since, locked.users, locked.removedUserIds, locked.lockdown], [changed.version, [], [], true]);
    assertEquals(applyDelta(list, locked), (await b.device("GET", "/api/access/devices/self/access-list")).json);
    await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    assertEquals((await next()).delta?.lockdown, false);
    await stream.cancel();
  });

  await t.step("80 changes committed 20 ms apart: the door hears one list-changed per window, each twice the last (COALESCE_MS up to COALESCE_MAX_MS), the last with the final list", async () => {
    const stream = await open({ "last-event-id": await listTag() });
    const started = performance.now();
    // Spaced as an import's requests are: each pass would otherwise end before the next commit.
    for (let i = 0; i < 80; i++) {
      await sql`update users set first_name = ${`Bulk${i}`} where id = ${b.userId}`;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const final = await listTag();
    let heard = 0;
    for (let last = ""; last !== final; heard++) {
      const event = await stream.next();
      assert(event !== "closed");
      last = event.id!;
    }
    // The passes' times while changes keep coming: 0, then each window after the last.
    const elapsed = performance.now() - started;
    let windows = 1;
    for (let at = 0, window = COALESCE_MS; at <= elapsed; at += window, window = Math.min(window * 2, COALESCE_MAX_MS)) windows++;
    assert(heard <= windows, `${heard} list-changed for 80 changes in ${windows} windows of ${Math.round(elapsed)} ms`);
    await stream.cancel();
  });

  await t.step("reconnecting with an old Last-Event-ID hears the current list at once", async () => {
    const old = await listTag();
    await sql`update users set last_name = 'King' where id = ${b.userId}`;
    const stream = await open({ "last-event-id": old });
    const heard = await stream.next();
    assert(heard !== "closed");
    assertEquals(heard.id, await listTag());
    assert(heard.id !== old);
    await stream.cancel();
  });

  const command = async (minutes = 1) =>
    (await sql`insert into device_commands (device_id, user_id, user_name, expires_at)
      values (${b.deviceId}, ${b.userId}, 'Ada Lovelace', now() + make_interval(mins => ${minutes})) returning id, expires_at`)[0];

  await t.step("a remote unlock reaches the door as unlock { commandId, userId, userName, expiresAt }; its ack is recorded once", async () => {
    const stream = await open({ "last-event-id": await listTag() });
    const made = await command();
    const heard = await stream.next();
    assert(heard !== "closed");
    assertEquals(heard.event, "unlock");
    assertEquals(JSON.parse(heard.data), {
      commandId: made.id,
      userId: b.userId,
      userName: "Ada Lovelace",
      expiresAt: made.expiresAt.toISOString(),
    });
    const ack = (body: unknown, id = made.id) => b.device("POST", `/api/access/devices/self/commands/${id}/ack`, { body });
    assertEquals((await ack({ result: "opened" })).status, 400);
    const done = await ack({ result: "unlocked" });
    assertEquals([done.status, done.json], [200, { commandId: made.id, result: "unlocked" }]);
    const [row] = await sql`select result, acked_at from device_commands where id = ${made.id}`;
    assertEquals(row.result, "unlocked");
    assert(row.ackedAt);
    const again = await ack({ result: "failed", message: "Jammed" });
    assertEquals([again.status, again.json.error], [409, "This command was already acknowledged"]);
    const missing = await ack({ result: "unlocked" }, 999_999);
    assertEquals([missing.status, missing.json.error], [404, "Command not found"]);
    await stream.cancel();
  });

  await t.step("reconnecting, a door hears the commands still pending, not those answered or expired", async () => {
    const pending = await command();
    await command(-1); // expired
    const stream = await open({ "last-event-id": await listTag() });
    const heard = await stream.next();
    assert(heard !== "closed");
    assertEquals([heard.event, JSON.parse(heard.data).commandId], ["unlock", pending.id]);
    // Another door's command is not this door's to answer.
    const [other] = await sql`insert into devices (name, device_id, type) values ('Other', 'OTHER-1', 'reader') returning id`;
    const [theirs] = await sql`insert into device_commands (device_id, user_name, expires_at)
      values (${other.id}, 'Someone', now() + interval '1 minute') returning id`;
    const refused = await b.device("POST", `/api/access/devices/self/commands/${theirs.id}/ack`, { body: { result: "unlocked" } });
    assertEquals(refused.status, 404);
    const acked = await b.device("POST", `/api/access/devices/self/commands/${pending.id}/ack`, { body: { result: "failed", message: "Door jammed" } });
    assertEquals(acked.status, 200);
    await stream.cancel();
  });

  await t.step("revoking the device's key ends its stream", async () => {
    const stream = await open({ "last-event-id": await listTag() });
    assertEquals((await b.admin.request("DELETE", `/api/devices/${b.deviceId}/api-key`)).status, 200);
    assertEquals(await stream.next(), "closed");
  });
});
