// Presence.deltasSent (presence.ts): lists sent to doors with list-changed are
// recorded as what each door holds, at once, then at most once a second, a door's
// deltas meanwhile as one; only where the door held the first delta's base.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { createLogger } from "../http/logger.ts";
import { building } from "../access/testing.ts";
import { Presence } from "./presence.ts";

describeApp("presence: lists sent with list-changed", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const presence = new Presence(sql, createLogger("silent"));
  const held = async () =>
    (await sql<{ tag: string }[]>`select list_etag as tag from device_presence where device_id = ${b.deviceId}`)[0]?.tag;
  const boardEvents = async () =>
    (await sql<{ n: number }[]>`select count(*)::int as n from events where type = 'door.changed' and subject_id = ${b.deviceId}`)[0].n;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 150 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };
  await sql`insert into device_presence (device_id, last_seen_at, list_etag) values (${b.deviceId}, now(), '"a"')`;

  await t.step("the first is recorded at once, with the board's event", async () => {
    const before = await boardEvents();
    presence.deltasSent([{ deviceId: b.deviceId, from: '"a"', tag: '"b"' }]);
    // The row and the board's event are two statements: wait for both, then count.
    await until(async () => (await held()) === '"b"' && (await boardEvents()) > before);
    assertEquals([await held(), await boardEvents() - before], ['"b"', 1]);
  });

  await t.step("three more within the second: recorded once, from the first's base to the last list", async () => {
    const before = await boardEvents();
    presence.deltasSent([{ deviceId: b.deviceId, from: '"b"', tag: '"c"' }]);
    presence.deltasSent([{ deviceId: b.deviceId, from: '"c"', tag: '"d"' }]);
    presence.deltasSent([{ deviceId: b.deviceId, from: '"d"', tag: '"e"' }]);
    assertEquals(await held(), '"b"', "not yet: a second after the last record");
    await until(async () => (await held()) === '"e"' && (await boardEvents()) > before);
    assertEquals([await held(), await boardEvents() - before], ['"e"', 1]);
  });

  await t.step("a door that no longer holds the base (it fetched another list meanwhile) is left as it is", async () => {
    await sql`update device_presence set list_etag = '"fetched"' where device_id = ${b.deviceId}`;
    // Another door in the same record, which holds its base: once it moved, the record was written.
    const [other] = await sql<{ id: number }[]>`insert into devices (name, device_id, type, room_id) values ('Other', 'OTHER-1', 'reader', ${b.roomId}) returning id`;
    await sql`insert into device_presence (device_id, last_seen_at, list_etag) values (${other.id}, now(), '"x"')`;
    const before = await boardEvents();
    presence.deltasSent([{ deviceId: b.deviceId, from: '"e"', tag: '"f"' }, { deviceId: other.id, from: '"x"', tag: '"y"' }]);
    await until(async () => (await sql`select 1 from device_presence where device_id = ${other.id} and list_etag = '"y"'`).length === 1);
    assertEquals([await held(), await boardEvents() - before], ['"fetched"', 0]);
  });
});
