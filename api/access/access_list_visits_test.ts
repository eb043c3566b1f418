// The access list's visits (spec 4 §5): the room's guests whose pass works now or
// within 24 hours, revoked ones left out, with what a door needs to admit them alone;
// the ETag moves exactly when they change; a visit made, edited or revoked reaches the
// door's stream, and so does one the clock carries into the window or past its end,
// with the moment kept in the database (the same list from every process).
import { assert, assertEquals, assertNotEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { events } from "../testing/sse.ts";
import { building } from "./testing.ts";
import { accessLists } from "./access_list.ts";
import { RoomParts } from "./room_parts.ts";
import { pinHashOf } from "./offline_decision.ts";
import { CHECK_MS, moveVisitWindow, WINDOW_HOURS, WINDOW_MARGIN_MS } from "./visit_window.ts";
import { LEAD_MINUTES } from "../visits/visit_rules.ts";
import { hashToken } from "../auth/tokens.ts";

const PATH = "/api/access/devices/self/access-list";
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** The last moment a visit may start and be in the lists, from now. */
const EDGE_MS = WINDOW_HOURS * 60 * MINUTE + WINDOW_MARGIN_MS + LEAD_MINUTES * MINUTE;

describeApp("access list: visits", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const [vault] = await sql<{ id: number }[]>`insert into rooms (name) values ('Vault') returning id`;
  const get = (headers: Record<string, string> = {}) => b.device("GET", PATH, { headers });
  const list = async () => (await get()).json;
  const tag = async () => (await get()).headers.get("etag")!;
  const visitsGeneration = async () =>
    BigInt((await sql<{ generation: string }[]>`select generation from access_list_visits`)[0].generation);
  const peopleGeneration = async () =>
    BigInt((await sql<{ generation: string }[]>`select generation from access_list_generation`)[0].generation);
  const visit = async (fields: Record<string, unknown> = {}, who = b.admin) => {
    const res = await who.request("POST", "/api/visits", {
      body: { guestName: "Gil Guest", roomIds: [b.roomId], startsAt: at(-5 * MINUTE), endsAt: at(120 * MINUTE), ...fields },
    });
    assertEquals(res.status, 201, res.text);
    return { ...res.json, code: new URL(res.json.passUrl).pathname.split("/").pop() as string };
  };
  const listed = async () => (await list()).visits.map((v: { guestName: string }) => v.guestName);

  await t.step("an admin's guest of the room, active now: listed with what a door needs alone", async () => {
    assertEquals((await list()).visits, []);
    const v = await visit({ roomIds: [b.roomId, vault.id], hostId: b.userId });
    const [entry] = (await list()).visits;
    assertEquals(entry, {
      visitId: v.id,
      guestName: "Gil Guest",
      hostName: "Ada Lovelace",
      hostUserId: null,
      roomIds: [b.roomId, vault.id].sort((x, y) => x - y),
      pinHash: pinHashOf(v.id, v.pin),
      passHash: hashToken(v.code),
      activeFrom: new Date(Date.parse(v.startsAt) - LEAD_MINUTES * MINUTE).toISOString(),
      endsAt: v.endsAt,
    });
    // Salted with the visit's id: not the PIN's plain hash.
    assertNotEquals(entry.pinHash, hashToken(v.pin));
    await b.admin.request("POST", `/api/visits/${v.id}/revoke`);
  });

  await t.step("a member's guest names the host, who is in the list's users with their schedules", async () => {
    const ada = await testApp.login("ada@example.com");
    const v = await visit({ guestName: "Mia Member-Guest" }, ada);
    const l = await list();
    const entry = l.visits.find((e: { visitId: number }) => e.visitId === v.id);
    assertEquals(entry.hostUserId, b.userId);
    assertEquals(l.users.find((u: { id: number }) => u.id === b.userId)?.scheduleIds, null);
    await b.admin.request("POST", `/api/visits/${v.id}/revoke`);
  });

  await t.step("only this room's, within 24 hours, neither revoked nor ended", async () => {
    await visit({ guestName: "Elsewhere", roomIds: [vault.id] });
    await visit({ guestName: "Tomorrow", startsAt: at(23 * 60 * MINUTE), endsAt: at(25 * 60 * MINUTE) });
    await visit({ guestName: "Beyond", startsAt: at(EDGE_MS + MINUTE), endsAt: at(EDGE_MS + 60 * MINUTE) });
    const revoked = await visit({ guestName: "Revoked" });
    assertEquals((await b.admin.request("POST", `/api/visits/${revoked.id}/revoke`)).status, 200);
    assertEquals(await listed(), ["Tomorrow"]);
    await sql`update visits set revoked_at = now() where guest_name = 'Tomorrow'`;
  });

  await t.step("the ETag moves with a visit made, edited and revoked; not with an arrival, a note or another room's", async () => {
    let before = await tag();
    const v = await visit({ guestName: "Eve" });
    let now = await tag();
    assertNotEquals(now, before);
    const edited = await b.admin.request("PUT", `/api/visits/${v.id}`, {
      body: { guestName: "Eve Edited", roomIds: [b.roomId], startsAt: v.startsAt, endsAt: at(90 * MINUTE) },
    });
    assertEquals(edited.status, 200, edited.text);
    before = now;
    now = await tag();
    assertNotEquals(now, before);
    assertEquals(await listed(), ["Eve Edited"]);

    // Unchanged lists answer 304 to the tag they had.
    const generation = await visitsGeneration();
    await b.device("POST", "/api/access/decisions", { body: { credential: { type: "PIN", code: v.pin } } });
    assert((await sql`select arrived_at from visits where id = ${v.id}`)[0].arrivedAt, "arrived");
    await sql`update visits set note = 'Bring a laptop' where id = ${v.id}`;
    assertEquals(await visitsGeneration(), generation, "an arrival or a note leaves the visits' generation");
    await visit({ guestName: "Vault guest", roomIds: [vault.id] });
    assertEquals((await get({ "if-none-match": now })).status, 304);

    assertEquals((await b.admin.request("POST", `/api/visits/${v.id}/revoke`)).status, 200);
    assertNotEquals(await tag(), now);
    assertEquals(await listed(), []);
  });

  await t.step("visits move their own generation, once per transaction, and leave the people's as it is", async () => {
    const people = await peopleGeneration();
    const before = await visitsGeneration();
    const [v] = await sql.begin(async (tx) => {
      const rows = await tx`insert into visits (guest_name, host_id, starts_at, ends_at, pin, pass_hash, bounded_by_host)
        values ('Direct', ${b.userId}, now(), now() + interval '1 hour', '123123', 'direct-hash', false) returning id`;
      await tx`insert into visit_rooms (visit_id, room_id) values (${rows[0].id}, ${b.roomId}), (${rows[0].id}, ${vault.id})`;
      return rows;
    });
    assertEquals(await visitsGeneration(), before + 1n);
    await sql`delete from visit_rooms where visit_id = ${v.id} and room_id = ${vault.id}`;
    assertEquals(await visitsGeneration(), before + 2n);
    await sql`update visits set revoked_at = now() where id = ${v.id}`;
    assertEquals(await visitsGeneration(), before + 3n);
    assertEquals(await peopleGeneration(), people);
  });

  await t.step("a host's new name is in the next list (the people generation names hosts)", async () => {
    await visit({ guestName: "Hal", hostId: b.userId });
    const parts = new RoomParts();
    const first = (await accessLists(sql, [b.deviceId], parts)).get(b.deviceId)!;
    await sql`update users set first_name = 'Augusta' where id = ${b.userId}`;
    const next = (await accessLists(sql, [b.deviceId], parts)).get(b.deviceId)!;
    assertNotEquals(next.tag, first.tag);
    assertEquals(JSON.parse(next.json).visits.map((v: { hostName: string }) => v.hostName), ["Augusta Lovelace"]);
    await sql`update users set first_name = 'Ada' where id = ${b.userId}`;
    await sql`update visits set revoked_at = now() where guest_name = 'Hal'`;
  });

  await t.step("the clock carries visits in and out: the window moves once, in the database, and every process agrees", async () => {
    // Just beyond the window, and one about to end.
    const soon = await visit({ guestName: "Soon", startsAt: at(EDGE_MS + 1_500), endsAt: at(EDGE_MS + 60 * MINUTE) });
    const ending = await visit({ guestName: "Ending" });
    await sql`update visits set starts_at = now() - interval '1 hour', ends_at = now() + interval '1500 milliseconds' where id = ${ending.id}`;
    // Whatever moved last set the moment: two processes, a while apart, make the same list.
    const first = (await accessLists(sql, [b.deviceId], new RoomParts())).get(b.deviceId)!;
    assertEquals(JSON.parse(first.json).visits.map((v: { guestName: string }) => v.guestName), ["Ending"]);
    await new Promise((r) => setTimeout(r, 2_000));
    const later = (await accessLists(sql, [b.deviceId], new RoomParts())).get(b.deviceId)!;
    assertEquals(later.tag, first.tag, "the list as of the kept moment, not each process's clock");

    const before = await visitsGeneration();
    const moved = await moveVisitWindow(sql);
    assertEquals(moved, before + 1n);
    assertEquals(await moveVisitWindow(sql), null, "nothing crossed since: no move");
    assertEquals(await listed(), ["Soon"]);
    assertEquals((await list()).visits[0].visitId, soon.id);
  });

  await t.step("checks from many processes at once move it once", async () => {
    await visit({ guestName: "Later", startsAt: at(EDGE_MS + 1_000), endsAt: at(EDGE_MS + 60 * MINUTE) });
    await new Promise((r) => setTimeout(r, 1_500));
    const before = await visitsGeneration();
    const moves = await Promise.all(Array.from({ length: 4 }, () => moveVisitWindow(sql)));
    assertEquals(moves.filter((m) => m !== null), [before + 1n]);
    assertEquals(await visitsGeneration(), before + 1n);
  });

  await t.step("a revoke reaches a connected door's stream within a second", async () => {
    const v = await visit({ guestName: "Rex" });
    const res = await testApp.app.request("http://door.local/api/access/devices/self/stream", {
      headers: { authorization: `Bearer ${b.apiKey}`, "last-event-id": await tag() },
    });
    const stream = events(res);
    try {
      const started = Date.now();
      assertEquals((await b.admin.request("POST", `/api/visits/${v.id}/revoke`)).status, 200);
      const heard = await stream.next(1_000);
      assert(heard !== "closed");
      assertEquals([heard.event, heard.id], ["list-changed", await tag()]);
      assert(Date.now() - started < 1_000, `heard after ${Date.now() - started} ms`);
      assert(!(await listed()).includes("Rex"));
    } finally {
      await stream.cancel();
    }
  });

  await t.step("a visit entering the window reaches a connected door by the process's own check", async () => {
    const res = await testApp.app.request("http://door.local/api/access/devices/self/stream", {
      headers: { authorization: `Bearer ${b.apiKey}`, "last-event-id": await tag() },
    });
    const stream = events(res);
    try {
      const made = Date.now();
      await visit({ guestName: "Walk-in tomorrow", startsAt: at(EDGE_MS + 2_000), endsAt: at(EDGE_MS + 60 * MINUTE) });
      // Made, it is beyond the window: its door's list is as it was, and says nothing.
      // The first thing the door hears is the list with it, once the clock brought it in.
      const heard = await stream.next(CHECK_MS + 5_000);
      assert(heard !== "closed");
      assert(Date.now() - made >= 2_000, "not before the visit entered the window");
      assertEquals(heard.id, await tag());
      assert((await listed()).includes("Walk-in tomorrow"));
    } finally {
      await stream.cancel();
    }
  });

  await t.step("a device out of its room lists no visits", async () => {
    await sql`update devices set room_id = null where id = ${b.deviceId}`;
    const l = await list();
    assertEquals([l.denyAll, l.visits], ["device_unassigned", []]);
  });
});
