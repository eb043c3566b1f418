// GET /api/doors (spec 4 §1): each active keyed device with its connection, position,
// lock, list freshness and most pressing alarm; who may read it.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { building, othersInGroup } from "../access/testing.ts";
import { eventsById } from "../events/event_data.ts";
import { events } from "../testing/sse.ts";

describeApp("the Doors board", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const board = async () => (await b.admin.request("GET", "/api/doors")).json;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };
  // An endpoint subscribed to every type: door.changed is not among them.
  await sql`insert into webhooks (url, event_types, secret) values ('https://93.184.215.14/all', '{}', 'whsec_x')`;
  // A device with no key is not on the board.
  await b.admin.request("POST", "/api/devices", { body: { name: "Camera", type: "camera", roomId: b.roomId } });

  await t.step("a keyed door never heard from: never connected, position unknown, list not current", async () => {
    assertEquals(await board(), [{
      deviceId: b.deviceId,
      deviceName: "Lab Reader",
      roomId: b.roomId,
      roomName: "Lab",
      connection: { state: "never", lastSeenAt: null },
      position: { state: "unknown", since: null },
      lock: "locked",
      list: { current: false, fetchedAt: null },
      alarm: null,
    }]);
  });

  await t.step("it fetches its list and opens its door: online, open, up to date", async () => {
    await b.device("GET", "/api/access/devices/self/access-list");
    const opened = new Date(Date.now() - 1000).toISOString();
    await b.device("POST", "/api/access/devices/self/door-events", {
      body: [{ eventId: crypto.randomUUID(), at: opened, type: "door.opened", released: false }],
    });
    await until(async () => (await board())[0].list.current);
    const [door] = await board();
    assertEquals(door.connection.state, "online");
    assert(door.connection.lastSeenAt);
    assertEquals(door.position, { state: "open", since: opened });
    assertEquals(door.list.current, true);
    assertEquals([door.alarm?.type, door.alarm?.severity], ["door.forced_open", "critical"]);
  });

  await t.step("each move of its entry is a door.changed event, for the live streams only, saying the entry as it is", async () => {
    const changes = await sql<{ id: number }[]>`select id from events where type = 'door.changed' and subject_id = ${b.deviceId} order by id`;
    // Its first contact, its opening, its alarm, its list.
    assert(changes.length >= 3, `${changes.length} door.changed`);
    const [event] = await eventsById(sql, [changes.at(-1)!.id]);
    assertEquals(JSON.parse(JSON.stringify(event.data)), (await board())[0]);
    const [{ n }] = await sql`select count(*)::int as n from webhook_deliveries d join events e on e.id = d.event_id
      where e.type = 'door.changed'`;
    assertEquals(n, 0);
  });

  await t.step("the device read says the same of it", async () => {
    const [door] = await board();
    const read = (await b.admin.request("GET", `/api/devices/${b.deviceId}`)).json;
    assertEquals([read.name, read.connection, read.position, read.list], ["Lab Reader", door.connection, door.position, door.list]);
    // A device without a key: never connected.
    const [camera] = await sql<{ id: number }[]>`select id from devices where name = 'Camera'`;
    const cam = (await b.admin.request("GET", `/api/devices/${camera.id}`)).json;
    assertEquals([cam.connection, cam.position, cam.list], [
      { state: "never", lastSeenAt: null },
      { state: "unknown", since: null },
      { current: false, fetchedAt: null },
    ]);
  });

  await t.step("a change to its list: behind until it fetches again", async () => {
    await sql`update users set first_name = 'Augusta' where id = ${b.userId}`;
    assertEquals((await board())[0].list.current, false);
    await b.device("GET", "/api/access/devices/self/access-list");
    await until(async () => (await board())[0].list.current);
    assertEquals((await board())[0].list.current, true);
  });

  await t.step("on its stream, a door sent the delta with list-changed is current again without fetching", async () => {
    await othersInGroup(testApp, b.groupId, "board");
    const res = await testApp.app.request("http://door.local/api/access/devices/self/stream", {
      headers: { authorization: `Bearer ${b.apiKey}` },
    });
    const stream = events(res);
    // Told of its list at once, it fetches it: that list is the base of the next delta.
    const told = await stream.next();
    assert(told !== "closed");
    assertEquals((await b.device("GET", "/api/access/devices/self/access-list")).headers.get("etag"), told.id);
    await sql`update users set first_name = 'Ada' where id = ${b.userId}`;
    const heard = await stream.next();
    assert(heard !== "closed");
    assert(JSON.parse(heard.data).delta, "the delta came with the event");
    await until(async () => (await board())[0].list.current);
    assertEquals((await board())[0].list.current, true);
    const [{ fetched }] = await sql`select count(*)::int as fetched from device_presence where device_id = ${b.deviceId} and list_etag = ${heard.id}`;
    assertEquals(fetched, 1);
    await stream.cancel();
    // Its closing recorded (the next step makes it silent).
    await until(async () => (await sql`select stream_until <= now() as closed from device_presence where device_id = ${b.deviceId}`)[0].closed);
  });

  await t.step("silent for more than a minute: offline, its position unknown again", async () => {
    await sql`update device_presence set last_seen_at = now() - interval '2 minutes', stream_until = null`;
    const [door] = await board();
    assertEquals(door.connection.state, "offline");
    assertEquals(door.position, { state: "unknown", since: null });
  });

  await t.step("a lockdown of its room shows as its lock", async () => {
    await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
    assertEquals((await board())[0].lock, "lockdown");
  });

  await t.step("members and anonymous callers are refused", async () => {
    await addUser(sql, { email: "member@example.com" });
    const member = await testApp.login("member@example.com");
    assertEquals((await member.request("GET", "/api/doors")).status, 403);
    assertEquals((await testApp.request("GET", "/api/doors")).status, 401);
  });
});
