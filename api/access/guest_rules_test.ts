// A guest at a door (spec 4 §5), decided by the server's statement and by a controller
// alone from its access list, on one fixed clock: each case in a transaction, whose
// now() is the server's moment and, to the millisecond, the controller's. One table
// of cases for both, so the two keep the same rules in the same order: the 15 minutes'
// lead and the end to the millisecond, revoked visits (absent from the list), a
// member's guest held to the host's own entry and schedule, lockdown, the PIN lockout.
// Where the controller cannot know (a visit or a host its list does not hold), it
// refuses without a reason, which the server logs as "Denied by the controller".
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import type { Queries } from "../db/connect.ts";
import { building } from "./testing.ts";
import { accessLists, type AccessList } from "./access_list.ts";
import { RoomParts } from "./room_parts.ts";
import { decideAll } from "./decisions.ts";
import { hashDeviceKey } from "./device_keys.ts";
import { decideAlone, PIN_LOCK } from "./offline_decision.ts";
import { PINS_BEFORE_LOCK } from "./decisions.ts";
import type { CredentialInput, Reason } from "./schemas.ts";

const MINUTE = 60_000;

type Case = {
  name: string;
  /** The guest's visit, times from the case's moment in ms. */
  visit?: { startsIn?: number; endsIn?: number; revoked?: boolean; memberGuest?: boolean; rooms?: ("lab" | "vault")[] };
  present: "PIN" | "pass" | "wrong PIN";
  /** Anything else true at that moment (in the case's transaction). */
  given?: (tx: Queries, ids: Ids) => Promise<unknown>;
  /** The door refuses PINs (the server's pin_lockouts; the controller's own count). */
  pinsLocked?: boolean;
  server: Reason;
  alone: Reason | null;
};
type Ids = { lab: number; vault: number; deviceId: number; ada: number; groupId: number; never: number; always: number };

const lockdown = (tx: Queries, ids: Ids) =>
  tx`insert into lockdowns (scope, room_ids, reason, started_by) values ('rooms', ${[ids.lab]}, 'Drill', '{"id": 1, "name": "Test"}')`;
const hostGrant = (schedule: "never" | "always") => (tx: Queries, ids: Ids) =>
  tx`update group_rooms set schedule_id = ${ids[schedule]} where group_id = ${ids.groupId}`;

const CASES: Case[] = [
  { name: "an admin's guest in the window, PIN", present: "PIN", server: "granted", alone: "granted" },
  { name: "the same with the pass", present: "pass", server: "granted", alone: "granted" },
  { name: "the pass works from exactly 15 minutes before the start", visit: { startsIn: 15 * MINUTE }, present: "PIN", server: "granted", alone: "granted" },
  { name: "not a millisecond sooner", visit: { startsIn: 15 * MINUTE + 1 }, present: "PIN", server: "visit_not_active", alone: "visit_not_active" },
  { name: "a pass hours early", visit: { startsIn: 2 * 60 * MINUTE, endsIn: 4 * 60 * MINUTE }, present: "pass", server: "visit_not_active", alone: "visit_not_active" },
  { name: "a millisecond before the end", visit: { endsIn: 1 }, present: "PIN", server: "granted", alone: "granted" },
  { name: "at the end, the pass", visit: { endsIn: 0 }, present: "pass", server: "visit_not_active", alone: "visit_not_active" },
  // A PIN is looked for among the visits not ended: an ended one's is no PIN at all.
  { name: "at the end, the PIN", visit: { endsIn: 0 }, present: "PIN", server: "unknown_credential", alone: null },
  { name: "revoked, the PIN", visit: { revoked: true }, present: "PIN", server: "unknown_credential", alone: null },
  { name: "revoked, the pass (not in the list)", visit: { revoked: true }, present: "pass", server: "visit_not_active", alone: null },
  { name: "another room's guest (not in this room's list)", visit: { rooms: ["vault"] }, present: "PIN", server: "no_group_access", alone: null },
  { name: "a guest of both rooms", visit: { rooms: ["lab", "vault"] }, present: "pass", server: "granted", alone: "granted" },
  { name: "a wrong PIN", present: "wrong PIN", server: "unknown_credential", alone: null },
  { name: "lockdown: an admin's guest", present: "PIN", given: lockdown, server: "lockdown", alone: "lockdown" },
  {
    name: "lockdown: no guest passes, even a host's whose group overrides lockdowns",
    visit: { memberGuest: true },
    present: "pass",
    given: async (tx, ids) => {
      await lockdown(tx, ids);
      await tx`update groups set lockdown_override = true where id = ${ids.groupId}`;
    },
    server: "lockdown",
    alone: "lockdown",
  },
  { name: "lockdown comes before the host's rules", visit: { memberGuest: true }, present: "PIN", given: async (tx, ids) => (await lockdown(tx, ids), await hostGrant("never")(tx, ids)), server: "lockdown", alone: "lockdown" },
  { name: "a member's guest, the host's grant at all times", visit: { memberGuest: true }, present: "PIN", server: "granted", alone: "granted" },
  { name: "a member's guest, the host's schedule open", visit: { memberGuest: true }, present: "pass", given: hostGrant("always"), server: "granted", alone: "granted" },
  { name: "a member's guest, the host's schedule shut", visit: { memberGuest: true }, present: "PIN", given: hostGrant("never"), server: "outside_schedule", alone: "outside_schedule" },
  { name: "a member's guest outside the window: the window first", visit: { memberGuest: true, startsIn: 60 * MINUTE }, present: "PIN", given: hostGrant("never"), server: "visit_not_active", alone: "visit_not_active" },
  {
    name: "a member's guest, the host without the room (not in the list's users)",
    visit: { memberGuest: true },
    present: "PIN",
    given: (tx, ids) => tx`delete from user_groups where user_id = ${ids.ada}`,
    server: "no_group_access",
    alone: null,
  },
  {
    name: "a member's guest, the host holding no credential (signs in with a password only)",
    visit: { memberGuest: true },
    present: "pass",
    given: async (tx, ids) => {
      await tx`delete from user_credentials where user_id = ${ids.ada}`;
      await tx`delete from passkeys where user_id = ${ids.ada}`;
    },
    server: "granted",
    alone: "granted",
  },
  {
    name: "a member's guest, the host deactivated",
    visit: { memberGuest: true },
    present: "pass",
    given: (tx, ids) => tx`update users set is_active = false where id = ${ids.ada}`,
    server: "user_inactive",
    alone: null,
  },
  {
    name: "an admin's guest whatever the host's grants",
    present: "PIN",
    given: (tx, ids) => tx`delete from user_groups where user_id = ${ids.ada}`,
    server: "granted",
    alone: "granted",
  },
  { name: "PINs refused after five wrong ones, the right one too", present: "PIN", pinsLocked: true, server: "pin_locked", alone: "pin_locked" },
  { name: "the pass still works then", present: "pass", pinsLocked: true, server: "granted", alone: "granted" },
  {
    name: "a deactivated door refuses before anything",
    present: "PIN",
    pinsLocked: true,
    given: (tx, ids) => tx`update devices set is_active = false where id = ${ids.deviceId}`,
    server: "device_inactive",
    alone: "device_inactive",
  },
];

describeApp("guests at a door: the server and a controller alone, on one clock", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const [vault] = await sql<{ id: number }[]>`insert into rooms (name) values ('Vault') returning id`;
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const [never] = await sql<{ id: number }[]>`insert into schedules (name, time_zone, weekly)
    values ('Never', 'UTC', ${sql.json(Object.fromEntries(days.map((d) => [d, []])))}) returning id`;
  const [always] = await sql<{ id: number }[]>`insert into schedules (name, time_zone, weekly)
    values ('Every hour', 'UTC', ${sql.json(Object.fromEntries(days.map((d) => [d, [{ start: "00:00", end: "24:00" }]])))}) returning id`;
  const ids: Ids = { lab: b.roomId, vault: vault.id, deviceId: b.deviceId, ada: b.userId, groupId: b.groupId, never: never.id, always: always.id };
  const keyHash = hashDeviceKey(b.apiKey);

  await t.step("the controller counts wrong PINs as the server does", () => {
    assertEquals(PIN_LOCK.wrongPins, PINS_BEFORE_LOCK);
  });

  for (const [n, c] of CASES.entries()) {
    await t.step(c.name, async () => {
      const rollback = new Error("rollback");
      await sql.begin(async (tx) => {
        // The case's moment: the server's now(), and the controller's clock (now() to the
        // millisecond below it, every visit's times counted from it).
        const [{ now }] = await tx<{ now: Date }[]>`select date_trunc('milliseconds', now()) as now`;
        const v = { startsIn: -5 * MINUTE, endsIn: 2 * 60 * MINUTE, revoked: false, memberGuest: false, rooms: ["lab"], ...c.visit };
        const pin = String(100_000 + n);
        const pass = `pass-code-${n}-${crypto.randomUUID()}`;
        const [visit] = await tx<{ id: number }[]>`
          insert into visits (guest_name, host_id, starts_at, ends_at, pin, pass_hash, bounded_by_host, revoked_at)
          values ('Gil Guest', ${b.userId}, ${now}::timestamptz + ${v.startsIn} * interval '1 millisecond',
                  ${now}::timestamptz + ${v.endsIn} * interval '1 millisecond', ${pin},
                  encode(sha256(convert_to(${pass}, 'UTF8')), 'hex'), ${v.memberGuest},
                  ${v.revoked ? sql`${now}::timestamptz - interval '1 minute'` : null})
          returning id`;
        for (const room of v.rooms) await tx`insert into visit_rooms (visit_id, room_id) values (${visit.id}, ${ids[room as "lab"]})`;
        await c.given?.(tx, ids);
        if (c.pinsLocked) await tx`insert into pin_lockouts (device_id, until) values (${b.deviceId}, now() + interval '60 seconds')`;
        // The door's list, as worked out a minute before (a door decides from what it holds).
        await tx`update access_list_visits set generation = generation + 1, as_of = ${now}::timestamptz - interval '1 minute'`;
        const list = JSON.parse((await accessLists(tx, [b.deviceId], new RoomParts())).get(b.deviceId)!.json) as AccessList;

        const credential: CredentialInput = c.present === "pass"
          ? { type: "Visitor Pass", code: pass }
          : { type: "PIN", code: c.present === "PIN" ? pin : "999999" };
        const [server] = await decideAll(tx, [{ keyHash, credential, action: "Unlock" }], "on", []);
        const alone = decideAlone(list, credential, now, { pinLocked: c.pinsLocked });
        assertEquals([server!.reason, alone.reason], [c.server, c.alone]);
        // Named as the server names them; a door that may open for nobody (its list
        // empty) names nobody, as for badges.
        if (alone.reason !== null && !list.denyAll) {
          assertEquals([alone.decision, alone.message, alone.userId, alone.userName], [server!.decision, server!.message, server!.userId, server!.userName]);
        }
        throw rollback;
      }).catch((error) => {
        if (error !== rollback) throw error;
      });
    });
  }
});
