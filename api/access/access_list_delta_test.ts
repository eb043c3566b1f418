// GET …/access-list?since=<version> (issue 33): for random sequences of every kind of
// change, a delta applied to the list a door held is exactly the full list the server
// gives now, with the digest of that list; doors that missed versions get correct
// deltas from older ones; unknown, foreign or forgotten versions get the full list.
import { assert, assertEquals, assertNotEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, prngForTests } from "./testing.ts";
import { type AccessList, accessListTags } from "./access_list.ts";
import { RoomParts } from "./room_parts.ts";
import { applyDelta, type ListDelta } from "./list_delta.ts";
import { listDigest } from "./list_digest.ts";
import { pruneListChanges } from "./list_changes.ts";
import type { Queries } from "../db/connect.ts";

const PATH = "/api/access/devices/self/access-list";
const SYSTEM = '{"id": 1, "name": "Test"}';

type Door = { list: AccessList; version: string; every: number };

describeApp("access list deltas", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const random = prngForTests(33);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const ids = async (query: Promise<{ id: number }[]>) => (await query).map((row) => row.id);

  // A campus in small: rooms, each with a door (the building's Lab Reader is the
  // first), groups holding rooms on schedules or always, people with badges,
  // passkeys and wallet passes.
  const rooms = [b.roomId, ...await ids(sql`insert into rooms (name) values ('Gym'), ('Library') returning id`)];
  const devices = [b.deviceId];
  const keys = [b.apiKey];
  for (const roomId of rooms.slice(1)) {
    const made = await b.admin.request("POST", "/api/devices", { body: { name: `Door ${roomId}`, type: "lock", roomId } });
    const keyed = await b.admin.request("POST", `/api/devices/${made.json.id}/api-key`);
    devices.push(made.json.id);
    keys.push(keyed.json.apiKey);
  }
  const schedules = await ids(sql`insert into schedules (name, time_zone, weekly)
    values ('Days', 'UTC', '{"monday": [{"start": "09:00", "end": "17:00"}]}'), ('Nights', 'Europe/Berlin', '{}') returning id`);
  const groups = [b.groupId, ...await ids(sql`insert into groups (name) values ('Staff'), ('Students'), ('Guards') returning id`)];
  const users = [b.userId, ...await ids(sql`insert into users (email, password_hash, first_name, last_name)
    select 'p' || n || '@example.com', 'x', 'Person', 'N' || n from generate_series(1, 40) n returning id`)];
  await sql`insert into group_rooms (group_id, room_id, schedule_id)
    values (${groups[1]}, ${rooms[1]}, ${schedules[0]}), (${groups[2]}, ${rooms[2]}, null), (${groups[3]}, ${rooms[0]}, ${schedules[1]})`;
  await sql`insert into user_groups (user_id, group_id)
    select u, ${groups[1]}::int from unnest(${users.slice(1, 25)}::int[]) u
    union all select u, ${groups[2]}::int from unnest(${users.slice(15, 40)}::int[]) u
    union all select u, ${groups[0]}::int from unnest(${users.slice(30, 41)}::int[]) u`;
  await sql`insert into user_credentials (user_id, type, card_code) select u, 'EM41', 'C' || u from unnest(${users}::int[]) u`;
  let serial = 0;
  const code = () => `K${++serial}`;

  const get = async (door: number, since?: string) => {
    const res = await testApp.app.request(`http://door.local${PATH}${since ? `?since=${since}` : ""}`, {
      headers: { authorization: `Bearer ${keys[door]}` },
    });
    return { status: res.status, headers: res.headers, json: await res.json() };
  };

  /** Every change a list is made of, one at random (some several in one transaction). */
  const changes: [string, (tx: Queries) => Promise<unknown>][] = [
    ["a member added", (tx) => tx`insert into user_groups (user_id, group_id) values (${pick(users)}, ${pick(groups)}) on conflict do nothing`],
    ["a member removed", (tx) => tx`delete from user_groups where user_id = ${pick(users)} and group_id = ${pick(groups)}`],
    ["a user deactivated or back", (tx) => tx`update users set is_active = not is_active where id = ${pick(users)}`],
    ["a user renamed", (tx) => tx`update users set first_name = ${pick(["Ada", "Bo", "Cy", ""])}, last_name = ${pick(["", "King"])} where id = ${pick(users)}`],
    ["a badge added", (tx) => tx`insert into user_credentials (user_id, type, facility_code, card_code) values (${pick(users)}, ${pick(["HID Prox", "Mifare"])}, ${pick([null, "17"])}, ${code()})`],
    ["a badge switched off or on", (tx) => tx`update user_credentials set is_active = not is_active where id = (select id from user_credentials order by random() limit 1)`],
    ["a badge given to another user", (tx) => tx`update user_credentials set user_id = ${pick(users)} where id = (select id from user_credentials order by random() limit 1)`],
    ["a badge removed", (tx) => tx`delete from user_credentials where id = (select id from user_credentials order by random() limit 1)`],
    ["a passkey registered", (tx) => tx`insert into passkeys (user_id, credential_id, public_key) values (${pick(users)}, ${code()}, 'k')`],
    ["a passkey moved", (tx) => tx`update passkeys set user_id = ${pick(users)} where id = (select id from passkeys order by random() limit 1)`],
    ["a passkey used (no change)", (tx) => tx`update passkeys set counter = counter + 1`],
    ["a passkey removed", (tx) => tx`delete from passkeys where id = (select id from passkeys order by random() limit 1)`],
    ["a wallet pass added", (tx) => tx`insert into lastlock_credentials (user_id, credential_type, credential_data) values (${pick(users)}, 'APPLE_WALLET', ${code()})`],
    ["a wallet pass switched off or on", (tx) => tx`update lastlock_credentials set is_active = not is_active where id = (select id from lastlock_credentials order by random() limit 1)`],
    ["a room granted", (tx) => tx`insert into group_rooms (group_id, room_id, schedule_id) values (${pick(groups)}, ${pick(rooms)}, ${pick([null, ...schedules])}) on conflict do nothing`],
    ["a grant rescheduled", (tx) => tx`update group_rooms set schedule_id = ${pick([null, ...schedules])} where (group_id, room_id) = (select group_id, room_id from group_rooms order by random() limit 1)`],
    ["a room given another's grants and unlock schedule", async (tx) => {
      const [room, like] = [pick(rooms), pick(rooms)];
      if (room === like) return;
      await tx`delete from group_rooms where room_id = ${room}`;
      await tx`insert into group_rooms (group_id, room_id, schedule_id) select group_id, ${room}, schedule_id from group_rooms where room_id = ${like}`;
      await tx`update rooms set unlock_schedule_id = (select unlock_schedule_id from rooms where id = ${like}) where id = ${room}`;
    }],
    ["a grant removed", (tx) => tx`delete from group_rooms where (group_id, room_id) = (select group_id, room_id from group_rooms order by random() limit 1)`],
    ["a group deactivated or back", (tx) => tx`update groups set is_active = not is_active where id = ${pick(groups)}`],
    ["a group's lockdown override toggled", (tx) => tx`update groups set lockdown_override = not lockdown_override where id = ${pick(groups)}`],
    ["a group deleted (one made first)", async (tx) => {
      const [g] = await tx`insert into groups (name, lockdown_override) values (${code()}, ${random() < 0.3}) returning id`;
      groups.push(g.id);
      await tx`insert into group_rooms (group_id, room_id, schedule_id) values (${g.id}, ${pick(rooms)}, ${pick([null, ...schedules])})`;
      await tx`insert into user_groups (user_id, group_id) select distinct u, ${g.id}::int from unnest(${[pick(users), pick(users), pick(users)]}::int[]) u`;
      if (random() < 0.7) await tx`delete from groups where id = ${groups.splice(groups.indexOf(pick(groups.slice(1))), 1)[0]}`;
    }],
    ["a group renamed (no change)", (tx) => tx`update groups set name = name || '.' where id = ${pick(groups)}`],
    ["a schedule edited", (tx) => tx`update schedules set weekly = ${sql.json({ friday: [{ start: pick(["08:00", "10:00"]), end: "18:00" }] })} where id = ${pick(schedules)}`],
    ["a schedule given holidays", async (tx) => {
      const [c] = await tx`insert into holiday_calendars (name, holidays) values (${code()}, ${sql.json([{ name: "Day off", date: "2027-05-01", endDate: null, repeatsYearly: true, windows: [] }])}) returning id`;
      await tx`update schedules set holiday_calendar_id = ${c.id} where id = ${pick(schedules)}`;
    }],
    ["a room's unlock schedule", (tx) => tx`update rooms set unlock_schedule_id = ${pick([null, ...schedules])}, first_person_in = ${random() < 0.5} where id = ${pick(rooms)}`],
    ["a room deactivated or back", (tx) => tx`update rooms set is_active = not is_active where id = ${pick(rooms)}`],
    ["a room renamed", (tx) => tx`update rooms set name = ${code()} where id = ${pick(rooms)}`],
    ["a lockdown", (tx) => tx`insert into lockdowns (scope, room_ids, reason, started_by) values ('rooms', ${[pick(rooms)]}, 'Drill', ${SYSTEM}::jsonb)`],
    ["lockdowns ended", (tx) => tx`update lockdowns set ended_at = now(), ended_by = ${SYSTEM}::jsonb where ended_at is null`],
    ["a visit", async (tx) => {
      const [v] = await tx`insert into visits (guest_name, host_id, starts_at, ends_at, pin, pass_hash, bounded_by_host)
        values ('Guest', ${pick(users)}, now(), now() + interval '1 hour', ${String(100000 + serial)}, ${code()}, ${random() < 0.5}) returning id`;
      await tx`insert into visit_rooms (visit_id, room_id) values (${v.id}, ${pick(rooms)})`;
    }],
    ["a visit revoked", (tx) => tx`update visits set revoked_at = now() where id = (select id from visits where revoked_at is null order by random() limit 1)`],
    ["a device moved", (tx) => tx`update devices set room_id = ${pick(rooms)} where id = ${pick(devices.slice(1))}`],
    ["a device deactivated or back", (tx) => tx`update devices set is_active = not is_active where id = ${pick(devices.slice(1))}`],
    ["a user deleted", async (tx) => {
      const [u] = await tx`insert into users (email, password_hash, first_name) values (${`${code()}@example.com`}, 'x', 'Brief') returning id`;
      users.push(u.id);
      await tx`insert into user_groups (user_id, group_id) values (${u.id}, ${pick(groups)})`;
      await tx`insert into user_credentials (user_id, type, card_code) values (${u.id}, 'EM41', ${code()})`;
      if (random() < 0.5) await tx`delete from users where id = ${users.splice(users.indexOf(pick(users.slice(1))), 1)[0]}`;
    }],
  ];

  // Each device's doors: one that follows every change, others that miss some.
  const doors: Door[][] = [];
  for (let i = 0; i < devices.length; i++) {
    const res = await get(i);
    doors.push([1, 3, 7].map((every) => ({ list: res.json, version: res.headers.get("access-list-version")!, every })));
  }
  const tally = { deltas: 0, trimmed: 0, full: 0 };
  const parts = new RoomParts();

  await t.step("after each of 120 random changes, every door's delta makes the server's list, digest included, and its tags are the full list's", async () => {
    for (let step = 1; step <= 120; step++) {
      const done: string[] = [];
      await sql.begin(async (tx) => {
        for (let n = random() < 0.2 ? 3 : 1; n > 0; n--) {
          const [what, change] = pick(changes);
          await change(tx);
          done.push(what);
        }
      });
      // What tells a door whether its list is current, worked out from room states moved on step by step.
      const tags = await accessListTags(sql, devices, parts);
      for (let i = 0; i < devices.length; i++) {
        const full = await get(i);
        assertEquals(full.status, 200);
        const digest = full.headers.get("access-list-digest")!;
        assertEquals(listDigest(full.json), digest, "the digest of the full list, worked out from it alone");
        const told = tags.get(devices[i])!;
        assertEquals([told.tag, told.version, told.digest], [full.headers.get("etag"), full.headers.get("access-list-version"), digest]);
        for (const door of doors[i].filter((d) => step % d.every === 0)) {
          const res = await get(i, door.version);
          assertEquals(res.status, 200);
          const why = `step ${step} (${done.join(", ")}), device ${i}, door following every ${door.every}`;
          if (res.json.delta) {
            const delta = res.json as ListDelta;
            assertEquals(delta.since, door.version);
            assertEquals([delta.version, delta.digest], [res.headers.get("access-list-version"), res.headers.get("access-list-digest")]);
            door.list = applyDelta(door.list, delta);
            assertEquals(listDigest(door.list), delta.digest, why);
            tally.deltas++;
            if (door.every === 1 && delta.users.length + delta.removedUserIds.length < 3) tally.trimmed++;
          } else {
            // A list that denies all (or held one) has no people to send changes of.
            if (!res.json.denyAll && !door.list.denyAll) tally.full++;
            door.list = res.json;
          }
          door.version = res.headers.get("access-list-version")!;
          assertEquals(JSON.stringify(door.list), JSON.stringify(full.json), why);
          assertEquals(res.headers.get("access-list-digest"), digest, why);
        }
      }
    }
    // Most answers were deltas: the full list when a door's room changed, or the
    // changes were about as big as the list.
    assert(tally.deltas > 3 * tally.full, JSON.stringify(tally));
    assert(tally.trimmed > 0, JSON.stringify(tally));
  });

  await t.step("a delta from the version a door holds names only the users whose entries changed", async () => {
    const door = doors[0][0];
    // Another user's badge elsewhere, then Ada's name: two versions on.
    await sql`update user_credentials set card_code = ${code()} where user_id <> ${b.userId} and id = (select min(id) from user_credentials where user_id <> ${b.userId})`;
    await sql`update users set first_name = 'Augusta', is_active = true where id = ${b.userId}`;
    await sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${b.groupId}) on conflict do nothing`;
    await sql`update groups set is_active = true where id = ${b.groupId}`;
    await sql`update rooms set is_active = true where id = ${b.roomId}`;
    await sql`update devices set is_active = true where id = ${b.deviceId}`;
    await sql`insert into group_rooms (group_id, room_id) values (${b.groupId}, ${b.roomId}) on conflict do nothing`;
    await sql`insert into user_credentials (user_id, type, card_code) values (${b.userId}, 'EM41', ${code()})`;
    const caughtUp = await get(0, door.version);
    door.list = caughtUp.json.delta ? applyDelta(door.list, caughtUp.json) : caughtUp.json;
    door.version = caughtUp.headers.get("access-list-version")!;
    await sql`update users set last_name = 'Byron' where id = ${b.userId}`;
    const res = await get(0, door.version);
    assertEquals(res.json.delta, true);
    assertEquals(res.json.removedUserIds, []);
    assertEquals(res.json.users.map((u: { id: number; name: string }) => [u.id, u.name]), [[b.userId, "Augusta Byron"]]);
    assertEquals(res.json.schedules, undefined, "room-level parts only when they moved");
    assertEquals(res.json.visits, undefined);
    assert(JSON.stringify(res.json).length < 2_000);
    const full = await get(0);
    assertEquals(applyDelta(door.list, res.json), full.json);
    // Asked again from the same version: the same answer; from the new one: nothing.
    assertEquals((await get(0, door.version)).json, res.json);
    const none = await get(0, res.json.version);
    assertEquals([none.json.users, none.json.removedUserIds, none.json.version], [[], [], res.json.version]);
  });

  await t.step("a version unknown, from the future, of another room or forgotten gets the full list", async () => {
    const full = await get(0);
    const version = full.headers.get("access-list-version")!;
    const [people, visits] = version.split(".");
    for (const since of [`${BigInt(people) + 5n}.${visits}.${b.roomId}`, `${people}.${BigInt(visits) + 5n}.${b.roomId}`, `${people}.${visits}.${rooms[1]}`, `${people}.${visits}.-`]) {
      const res = await get(0, since);
      assertEquals([res.status, res.json.delta], [200, undefined], since);
      assertEquals(res.json, full.json);
      assertEquals(res.headers.get("access-list-version"), version);
    }
    // Forgotten: the log kept a day; older entries pruned, a version before them is too old.
    await sql`update users set first_name = 'Ada' where id = ${b.userId}`;
    await sql`update access_list_changes set at = now() - interval '25 hours'`;
    assert((await pruneListChanges(sql)) > 0);
    const forgotten = await get(0, version);
    assertEquals(forgotten.json.delta, undefined);
    assertEquals(forgotten.json.users.find((u: { id: number }) => u.id === b.userId)?.name, "Ada Byron");
    // From the version after the pruned ones, deltas again.
    const now = forgotten.headers.get("access-list-version")!;
    await sql`update users set first_name = 'Ada Augusta' where id = ${b.userId}`;
    assertEquals((await get(0, now)).json.delta, true);
  });

  await t.step("a version that is not one refuses with 400, and full fetches keep their ETags and 304s", async () => {
    // As sent in the query: a NUL, a lone surrogate's bytes.
    for (const since of ["", "abc", "1.2", "1.2.3.4", "-1.0.1", "1.0.0", "99999999999999999999.0.1", "1.0.1%00", "1.0.1%ED%A0%80"]) {
      const res = await testApp.app.request(`http://door.local${PATH}?since=${since}`, {
        headers: { authorization: `Bearer ${keys[0]}` },
      });
      assertEquals(res.status, 400, since);
      const { error } = await res.json();
      assert(error.startsWith("since: must"), error);
    }
    const full = await b.device("GET", PATH);
    const again = await b.device("GET", PATH, { headers: { "if-none-match": full.headers.get("etag")! } });
    assertEquals(again.status, 304);
    assertEquals(again.headers.get("access-list-version"), full.headers.get("access-list-version"));
    assertEquals(again.headers.get("access-list-digest"), full.headers.get("access-list-digest"));
    // A delta names the ETag of the list it makes.
    await sql`update users set last_name = 'King' where id = ${b.userId}`;
    const delta = await b.device("GET", `${PATH}?since=${full.headers.get("access-list-version")}`);
    const after = await b.device("GET", PATH);
    assertEquals(delta.json.etag, after.headers.get("etag"));
    assertNotEquals(delta.json.etag, full.headers.get("etag"));
    assertEquals((await b.device("GET", PATH, { headers: { "if-none-match": delta.json.etag } })).status, 304);
  });

  await t.step("one transaction adding 1,000 memberships is one version, one line of the log", async () => {
    await sql`insert into users (email, password_hash, first_name) select 'bulk' || n || '@example.com', 'x', 'Bulk' from generate_series(1, 1000) n`;
    const before = await get(0);
    const [{ generation }] = await sql`select generation from access_list_generation`;
    await sql`insert into user_groups (user_id, group_id) select id, ${b.groupId} from users where email like 'bulk%'`;
    await sql`insert into user_credentials (user_id, type, card_code) select id, 'EM41', 'B' || id from users where email like 'bulk%'`;
    const logged = await sql`select cardinality(user_ids) as n from access_list_changes where generation > ${generation} order by generation`;
    assertEquals(logged.map((row) => row.n), [1000, 1000], "one line per statement, each its own transaction here");
    await sql.begin(async (tx) => {
      await tx`delete from user_groups where user_id in (select id from users where email like 'bulk%')`;
      for (const id of await ids(tx`select id from users where email like 'bulk%' order by id limit 300`)) {
        await tx`insert into user_groups (user_id, group_id) values (${id}, ${b.groupId})`;
      }
    });
    const [{ moved }] = await sql`select generation - ${generation} as moved from access_list_generation`;
    assertEquals(Number(moved), 3);
    const res = await get(0, before.headers.get("access-list-version")!);
    const full = await get(0);
    assertEquals(res.json.delta ? applyDelta(before.json, res.json) : res.json, full.json);
    assertEquals(res.headers.get("access-list-digest"), full.headers.get("access-list-digest"));
  });

  await t.step("a room given another's grants shares its state, and its doors are sent their new people", async () => {
    // Two rooms: the first held by a group of its own, the second by nobody.
    const [campus] = await ids(sql`insert into groups (name) values ('Campus') returning id`);
    const members = await ids(sql`insert into users (email, password_hash, first_name)
      select 'campus' || n || '@example.com', 'x', 'Campus' from generate_series(1, 5) n returning id`);
    await sql`insert into user_groups (user_id, group_id) select u, ${campus}::int from unnest(${members}::int[]) u`;
    await sql`insert into user_credentials (user_id, type, card_code) select u, 'EM41', 'CAMPUS' || u from unnest(${members}::int[]) u`;
    await sql`delete from group_rooms where room_id in (${rooms[1]}, ${rooms[2]})`;
    await sql`insert into group_rooms (group_id, room_id) values (${campus}, ${rooms[1]})`;
    await sql`update rooms set is_active = true, unlock_schedule_id = null where id in (${rooms[1]}, ${rooms[2]})`;
    await sql`update devices set is_active = true, room_id = case id when ${devices[1]}::int then ${rooms[1]}::int else ${rooms[2]}::int end
      where id in (${devices[1]}, ${devices[2]})`;
    const first = await get(1), second = await get(2);
    assertEquals(second.json.users, []);
    // The first room's state made at this version (this process's, as a door's ask does).
    assertEquals((await get(1, first.headers.get("access-list-version")!)).json.users, []);

    // The second room is given the first's grant: its kind of room is now the first's,
    // whose state this change moves on without a person's entry changing in it.
    await sql`insert into group_rooms (group_id, room_id) values (${campus}, ${rooms[2]})`;
    const firstAgain = await get(1, first.headers.get("access-list-version")!);
    assertEquals(firstAgain.json.delta ? applyDelta(first.json, firstAgain.json) : firstAgain.json, (await get(1)).json);
    const res = await get(2, second.headers.get("access-list-version")!);
    const full = await get(2);
    assertEquals(res.json.delta ? applyDelta(second.json, res.json) : res.json, full.json);
    assertEquals(full.json.users.map((u: { id: number }) => u.id), members);
  });
});
