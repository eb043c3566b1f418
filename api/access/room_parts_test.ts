// The rooms' parts of the access lists (room_parts.ts): worked out once per change
// for every door of a room, and never served after a change, with nothing but the
// database to say so (no notification reaches a RoomParts).
import { assert, assertEquals, assertNotEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building } from "./testing.ts";
import { accessLists } from "./access_list.ts";
import { RoomParts } from "./room_parts.ts";
import { grantsByRoom, roomGrants } from "./room_queries.ts";

describeApp("rooms' parts of the access lists", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const generation = async () =>
    BigInt((await sql<{ generation: string }[]>`select generation from access_list_generation`)[0].generation);
  const grantsOf = async (roomId: number) => {
    const [room] = await sql<{ grants: string; unlockScheduleId: number | null }[]>`
      select coalesce(g.grants, '') as grants, r.unlock_schedule_id
      from rooms r left join ${grantsByRoom(sql, sql`${roomId}`)} g on g.room_id = r.id where r.id = ${roomId}`;
    return roomGrants(room.grants, room.unlockScheduleId);
  };
  const [second] = await sql<{ id: number }[]>`
    insert into devices (name, device_id, type, room_id) values ('Lab Lock', 'LAB-LOCK', 'lock', ${b.roomId}) returning id`;

  await t.step("every door of a room is served one part, worked out once per generation", async () => {
    const parts = new RoomParts();
    const now = await generation();
    const first = parts.part(sql, now, await grantsOf(b.roomId));
    assert(first === parts.part(sql, now, await grantsOf(b.roomId)), "the second door shares the first one's query");
    const lists = await accessLists(sql, [b.deviceId, second.id], parts);
    const json = [...lists.values()].map((l) => JSON.parse(l.json));
    assertEquals(json.map((l) => l.device.name).sort(), ["Lab Lock", "Lab Reader"]);
    assertEquals(json[0].users, json[1].users);
    assertEquals(json[0].users.map((u: { name: string }) => u.name), ["Ada Lovelace"]);
  });

  await t.step("rooms alike in their grants and unlock schedule share one part; a grant's schedule or an unlock schedule sets a room apart", async () => {
    const [annex] = await sql<{ id: number }[]>`insert into rooms (name) values ('Annex') returning id`;
    await sql`insert into group_rooms (group_id, room_id) values (${b.groupId}, ${annex.id})`;
    const [hours] = await sql<{ id: number }[]>`
      insert into schedules (name, time_zone, weekly) values ('Hours', 'UTC', '{}') returning id`;
    const lab = await grantsOf(b.roomId), alike = await grantsOf(annex.id);
    assertEquals(alike, lab);
    const parts = new RoomParts();
    const now = await generation();
    assert(parts.part(sql, now, lab) === parts.part(sql, now, alike), "one part for both rooms");

    await sql`update rooms set unlock_schedule_id = ${hours.id} where id = ${annex.id}`;
    const unlocking = await grantsOf(annex.id);
    assertNotEquals(unlocking.key, lab.key);
    assertEquals((await parts.part(sql, await generation(), unlocking)).json.includes('"name":"Hours"'), true);
    assertEquals((await parts.part(sql, await generation(), lab)).json.includes('"name":"Hours"'), false);

    await sql`update rooms set unlock_schedule_id = null where id = ${annex.id}`;
    await sql`update group_rooms set schedule_id = ${hours.id} where room_id = ${annex.id}`;
    const scheduled = await grantsOf(annex.id);
    assertEquals([scheduled.groupIds, scheduled.scheduleIds], [[b.groupId], [hours.id]]);
    assertNotEquals(scheduled.key, (await grantsOf(b.roomId)).key);
    const json = JSON.parse(`{${(await parts.part(sql, await generation(), scheduled)).json}}`);
    assertEquals(json.users.map((u: { scheduleIds: number[] }) => u.scheduleIds), [[hours.id]]);
    await sql`delete from rooms where id = ${annex.id}`;
    await sql`delete from schedules where id = ${hours.id}`;
  });

  await t.step("a change is in the very next list, with no notification heard", async () => {
    const parts = new RoomParts();
    const before = (await accessLists(sql, [b.deviceId], parts)).get(b.deviceId)!;
    await sql`update users set first_name = 'Augusta' where id = ${b.userId}`;
    const after = (await accessLists(sql, [b.deviceId], parts)).get(b.deviceId)!;
    assertNotEquals(after.tag, before.tag);
    assertEquals(JSON.parse(after.json).users.map((u: { name: string }) => u.name), ["Augusta Lovelace"]);
  });

  await t.step("each table a part is made of moves the generation, once per transaction", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      ["users", () => sql`update users set last_name = 'King' where id = ${b.userId}`],
      ["groups", () => sql`update groups set name = 'Engineering' where id = ${b.groupId}`],
      ["user_groups", () => sql`delete from user_groups where user_id = ${b.userId}`],
      ["group_rooms", () => sql`update group_rooms set schedule_id = null where room_id = ${b.roomId}`],
      ["rooms", () => sql`update rooms set name = 'Laboratory' where id = ${b.roomId}`],
      ["user_credentials", () => sql`update user_credentials set card_code = '40009' where id = ${b.credentialId}`],
      ["passkeys", () => sql`insert into passkeys (user_id, credential_id, public_key) values (${b.userId}, 'pk-1', 'x')`],
      ["lastlock_credentials", () =>
        sql`insert into lastlock_credentials (user_id, credential_type, credential_data) values (${b.userId}, 'APPLE_WALLET', 'w-1')`],
      ["schedules", () => sql`insert into schedules (name, time_zone, weekly) values ('Nights', 'UTC', '{}')`],
      ["holiday_calendars", () => sql`insert into holiday_calendars (name) values ('Days off')`],
      ["many rows in one transaction", () =>
        sql.begin(async (tx) => {
          await tx`update users set first_name = first_name || ''`;
          await tx`update rooms set name = name || ''`;
        })],
    ];
    for (const [what, change] of changes) {
      const before = await generation();
      await change();
      assertEquals(await generation(), before + 1n, what);
    }
  });

  await t.step("lockdowns, devices, decisions, passwords and sign-in counters leave it as it is", async () => {
    const before = await generation();
    await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Drill', '{"id": 1, "name": "Someone"}')`;
    await sql`update lockdowns set ended_at = now(), ended_by = '{"id": 1, "name": "Someone"}' where ended_at is null`;
    await sql`update devices set name = 'Lab Lock 2' where id = ${second.id}`;
    await b.device("POST", "/api/access/decisions", { body: { credential: { type: "EM41", cardCode: "x" } } });
    await sql`update users set password_hash = 'changed' where id = ${b.userId}`;
    await sql`update passkeys set counter = counter + 1 where user_id = ${b.userId}`;
    assertEquals(await generation(), before);
  });
});
