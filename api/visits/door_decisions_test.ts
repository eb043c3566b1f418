// A guest at a door (spec 4 §5): a PIN at a keypad or a pass's code at a QR reader,
// admitted from 15 minutes before the visit until its end, to its rooms only, never
// in a lockdown; a member's guest only while the member would be; five wrong PINs in
// 60 seconds make the door refuse PINs for 60; the log names the guest and the host,
// and the first entry is the guest's arrival.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building } from "../access/testing.ts";
import { PINS_BEFORE_LOCK } from "../access/decisions.ts";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describeApp("guests at the doors", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const [other] = await sql<{ id: number }[]>`insert into rooms (name) values ('Vault') returning id`;
  const decide = (credential: unknown) => b.device("POST", "/api/access/decisions", { body: { credential } });
  const pin = (code: string) => decide({ type: "PIN", code });
  const pass = (code: string) => decide({ type: "Visitor Pass", code });
  const lastLog = async () => (await sql`select * from access_logs order by id desc limit 1`)[0];
  /** A visit made through the API by `who` (the admin by default), and its pass's code. */
  const visit = async (fields: Record<string, unknown> = {}, who = b.admin) => {
    const res = await who.request("POST", "/api/visits", {
      body: { guestName: "Gil Guest", roomIds: [b.roomId], startsAt: inMinutes(-5), endsAt: inMinutes(120), ...fields },
    });
    assertEquals(res.status, 201, res.text);
    return { ...res.json, code: new URL(res.json.passUrl).pathname.split("/").pop() as string };
  };

  await t.step("a PIN in the visit's window is granted, logged with guest and host; the first is the arrival", async () => {
    const v = await visit({ hostId: b.userId });
    const res = await pin(v.pin);
    assertEquals([res.status, res.json.decision, res.json.userId, res.json.userName], [200, "granted", null, "Gil Guest (guest of Ada Lovelace)"]);
    const log = await lastLog();
    assertEquals([log.userId, log.userName, log.credentialType, log.visitId, log.outcome], [null, "Gil Guest (guest of Ada Lovelace)", "Visitor PIN", v.id, "success"]);
    const [arrived] = await sql`select arrived_at from visits where id = ${v.id}`;
    assertEquals(arrived.arrivedAt?.getTime(), log.timestamp.getTime());
    // A second entry leaves the arrival as it was.
    assertEquals((await pin(v.pin)).json.decision, "granted");
    assertEquals((await sql`select arrived_at from visits where id = ${v.id}`)[0].arrivedAt.getTime(), log.timestamp.getTime());
    // The pass's code at a QR reader.
    const byPass = await pass(v.code);
    assertEquals(byPass.json.decision, "granted");
    assertEquals((await lastLog()).credentialType, "Visitor Pass");
  });

  await t.step("from 15 minutes before the start; not before, not after the end, not once revoked", async () => {
    const soon = await visit({ startsAt: inMinutes(14), endsAt: inMinutes(60) });
    assertEquals((await pin(soon.pin)).json.decision, "granted");
    const later = await visit({ startsAt: inMinutes(16), endsAt: inMinutes(60) });
    const early = await pin(later.pin);
    assertEquals([early.json.decision, early.json.reason, early.json.message], ["denied", "visit_not_active", "This pass is not valid right now"]);
    assertEquals((await lastLog()).reason, "This pass is not valid right now");

    const revoked = await visit();
    assertEquals((await b.admin.request("POST", `/api/visits/${revoked.id}/revoke`)).status, 200);
    assertEquals((await pass(revoked.code)).json.reason, "visit_not_active");
    // A revoked visit's PIN belongs to no live visit any more.
    assertEquals((await pin(revoked.pin)).json.reason, "unknown_credential");

    const over = await visit();
    await sql`update visits set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 second' where id = ${over.id}`;
    assertEquals((await pass(over.code)).json.reason, "visit_not_active");
    assertEquals((await pin(over.pin)).json.reason, "unknown_credential");
  });

  await t.step("only the visit's rooms, and never in a lockdown", async () => {
    const elsewhere = await visit({ roomIds: [other.id] });
    assertEquals((await pin(elsewhere.pin)).json.reason, "no_group_access");
    const v = await visit();
    const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
    assertEquals(started.status, 201, started.text);
    assertEquals((await pin(v.pin)).json.reason, "lockdown");
    assertEquals((await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`)).status, 200);
    assertEquals((await pin(v.pin)).json.decision, "granted");
  });

  await t.step("a member's guest passes only while the member would", async () => {
    const ada = await testApp.login("ada@example.com");
    const v = await visit({}, ada);
    assertEquals((await pin(v.pin)).json.decision, "granted");
    // The host's grant on a schedule that is closed now.
    const [closed] = await sql<{ id: number }[]>`insert into schedules (name, time_zone, weekly)
      values ('Never', 'UTC', '{}'::jsonb) returning id`;
    await sql`update group_rooms set schedule_id = ${closed.id} where group_id = ${b.groupId}`;
    assertEquals((await pin(v.pin)).json.reason, "outside_schedule");
    await sql`update group_rooms set schedule_id = null where group_id = ${b.groupId}`;
    await sql`delete from user_groups where user_id = ${b.userId}`;
    assertEquals((await pin(v.pin)).json.reason, "no_group_access");
    await sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${b.groupId})`;
    assertEquals((await pin(v.pin)).json.decision, "granted");
    // An admin's guest is the admin's word alone: the host's grants do not matter.
    const admins = await visit({ hostId: b.userId });
    await sql`delete from user_groups where user_id = ${b.userId}`;
    assertEquals((await pin(admins.pin)).json.decision, "granted");
    assertEquals((await pin(v.pin)).json.reason, "no_group_access");
    await sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${b.groupId})`;
  });

  await t.step("five wrong PINs at a door within 60 s: it refuses PINs for 60 s, the right one too", async () => {
    const v = await visit();
    await sql`delete from pin_failures`;
    for (let i = 0; i < PINS_BEFORE_LOCK; i++) {
      const wrong = String((Number(v.pin) + 1 + i) % 1_000_000).padStart(6, "0");
      assertEquals((await pin(wrong)).json.reason, "unknown_credential");
    }
    const locked = await pin(v.pin);
    assertEquals([locked.json.reason, locked.json.message], ["pin_locked", "Too many wrong PINs, try again in a minute"]);
    // Refused alike, right or wrong: nothing tells a guesser which PIN was right.
    assertEquals([locked.json.userName, (await lastLog()).userName, (await lastLog()).visitId], [null, null, null]);
    // The pass still works: only PINs are refused.
    assertEquals((await pass(v.code)).json.decision, "granted");
    // A minute on, the door takes PINs again.
    await sql`update pin_lockouts set until = now() - interval '1 second'`;
    await sql`update pin_failures set at = at - interval '61 seconds'`;
    assertEquals((await pin(v.pin)).json.decision, "granted");
    // Wrong PINs spread over more than a minute lock nothing.
    await sql`delete from pin_failures`;
    for (let i = 0; i < PINS_BEFORE_LOCK - 1; i++) await pin("000000" === v.pin ? "000001" : "000000");
    await sql`update pin_failures set at = at - interval '61 seconds'`;
    await pin("000000" === v.pin ? "000001" : "000000");
    assertEquals((await pin(v.pin)).json.decision, "granted");
  });

  await t.step("bad visitor credentials are 400 and change nothing", async () => {
    const before = (await sql`select count(*)::int as n from access_logs`)[0].n;
    for (const credential of [{ type: "PIN" }, { type: "PIN", code: "" }, { type: "PIN", code: 123456 }, { type: "Visitor Pass", code: "x".repeat(129) }]) {
      assertEquals((await decide(credential)).status, 400, JSON.stringify(credential));
    }
    assertEquals((await sql`select count(*)::int as n from access_logs`)[0].n, before);
  });
});
