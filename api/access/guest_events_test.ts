// A guest let in (or not) by a controller deciding alone, uploaded later (spec 4 §5;
// POST /api/access/devices/self/events): logged once, with no user, the guest and
// the host named, the visit and the credential's type; the visit as it was at the
// event's time, since a PIN may belong to another visit by the time it is uploaded;
// the first granted entry is the arrival.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, logCount } from "./testing.ts";

const PATH = "/api/access/devices/self/events";
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describeApp("offline events: guests", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const upload = (body: unknown) => b.device("POST", PATH, { body });
  /** A visit made an hour ago (before the events uploaded), unless `justMade`. */
  const visit = async (fields: Record<string, unknown> = {}, justMade = false) => {
    const res = await b.admin.request("POST", "/api/visits", {
      body: { guestName: "Gil Guest", hostId: b.userId, roomIds: [b.roomId], startsAt: at(-30 * MINUTE), endsAt: at(120 * MINUTE), ...fields },
    });
    assertEquals(res.status, 201, res.text);
    if (!justMade) await sql`update visits set created_at = now() - interval '1 hour' where id = ${res.json.id}`;
    return { ...res.json, code: new URL(res.json.passUrl).pathname.split("/").pop() as string };
  };
  const event = (credential: unknown, timestamp: string, decision = "granted", reason?: string) => ({
    eventId: crypto.randomUUID(),
    timestamp,
    credential,
    decision,
    ...(reason ? { reason } : {}),
  });
  const row = async (eventId: string) =>
    (await sql`select user_id, user_name, credential_type, visit_id, outcome, reason, timestamp
               from access_logs where event_id = ${eventId}`)[0];

  await t.step("a PIN granted alone: the guest and host named, the visit, Visitor PIN; the first entry is the arrival", async () => {
    const v = await visit();
    const e = event({ type: "PIN", code: v.pin }, at(-10 * MINUTE));
    assertEquals((await upload([e])).json, { accepted: 1, duplicates: 0 });
    const r = await row(e.eventId);
    assertEquals([r.userId, r.userName, r.credentialType, r.visitId, r.outcome, r.reason], [
      null,
      "Gil Guest (guest of Ada Lovelace)",
      "Visitor PIN",
      v.id,
      "success",
      null,
    ]);
    const [arrival] = await sql`select arrived_at from visits where id = ${v.id}`;
    assertEquals(arrival.arrivedAt.toISOString(), e.timestamp);
    // Uploaded again (the door did not hear the answer): still once.
    assertEquals((await upload([e])).json, { accepted: 0, duplicates: 1 });
    assertEquals((await sql`select count(*)::int as n from access_logs where visit_id = ${v.id}`)[0].n, 1);
  });

  await t.step("a pass refused alone: Visitor Pass, the visit, the controller's reason", async () => {
    const v = await visit({ startsAt: at(60 * MINUTE), endsAt: at(120 * MINUTE) });
    const e = event({ type: "Visitor Pass", code: v.code }, at(-MINUTE), "denied", "visit_not_active");
    assertEquals((await upload([e])).json.accepted, 1);
    const r = await row(e.eventId);
    assertEquals([r.userName, r.credentialType, r.visitId, r.outcome, r.reason], [
      "Gil Guest (guest of Ada Lovelace)",
      "Visitor Pass",
      v.id,
      "denied",
      "This pass is not valid right now",
    ]);
    assertEquals((await sql`select arrived_at from visits where id = ${v.id}`)[0].arrivedAt, null, "a refusal is no arrival");
  });

  await t.step("a PIN another visit holds by now names the visit that held it then", async () => {
    // Yesterday's visit had the PIN; it ended, and today's visit drew the same PIN.
    const before = await visit({ guestName: "Yesterday's guest" });
    await sql`update visits set created_at = now() - interval '30 hours', starts_at = now() - interval '26 hours',
      ends_at = now() - interval '24 hours' where id = ${before.id}`;
    const now = await visit({ guestName: "Today's guest" });
    await sql`update visits set pin = ${before.pin} where id = ${now.id}`;
    const then = event({ type: "PIN", code: before.pin }, at(-25 * 60 * MINUTE));
    const today = event({ type: "PIN", code: before.pin }, at(-MINUTE));
    assertEquals((await upload([then, today])).json.accepted, 2);
    assertEquals([(await row(then.eventId)).visitId, (await row(then.eventId)).userName], [before.id, "Yesterday's guest (guest of Ada Lovelace)"]);
    assertEquals([(await row(today.eventId)).visitId, (await row(today.eventId)).userName], [now.id, "Today's guest (guest of Ada Lovelace)"]);
  });

  await t.step("a door that had not heard of a revocation let the guest in: the row names that visit", async () => {
    const v = await visit({ guestName: "Revoked guest" });
    assertEquals((await b.admin.request("POST", `/api/visits/${v.id}/revoke`)).status, 200);
    const pin = event({ type: "PIN", code: v.pin }, at(0));
    const pass = event({ type: "Visitor Pass", code: v.code }, at(0));
    assertEquals((await upload([pin, pass])).json.accepted, 2);
    assertEquals((await row(pin.eventId)).visitId, v.id);
    assertEquals((await row(pass.eventId)).visitId, v.id);
  });

  await t.step("a controller's clock a little ahead: the visit made just after the event's time", async () => {
    const v = await visit({ guestName: "Just made" }, true);
    const e = event({ type: "PIN", code: v.pin }, at(-2 * MINUTE));
    await upload([e]);
    assertEquals((await row(e.eventId)).visitId, v.id);
  });

  await t.step("a wrong PIN and an unknown pass: no visit, no one named", async () => {
    const taken = new Set((await sql<{ pin: string }[]>`select pin from visits`).map((r) => r.pin));
    const wrong = ["000000", "000001", "000002"].find((p) => !taken.has(p))!;
    const pin = event({ type: "PIN", code: wrong }, at(-MINUTE), "denied");
    const pass = event({ type: "Visitor Pass", code: "not-a-pass" }, at(-MINUTE), "denied");
    assertEquals((await upload([pin, pass])).json.accepted, 2);
    for (const [e, type] of [[pin, "Visitor PIN"], [pass, "Visitor Pass"]] as const) {
      const r = await row(e.eventId);
      assertEquals([r.userId, r.userName, r.visitId, r.credentialType, r.reason], [null, null, null, type, "Denied by the controller"]);
    }
  });

  await t.step("the right PIN refused while the door refused PINs: no visit named, as live", async () => {
    const v = await visit();
    const e = event({ type: "PIN", code: v.pin }, at(-MINUTE), "denied", "pin_locked");
    await upload([e]);
    const r = await row(e.eventId);
    assertEquals([r.userName, r.visitId, r.credentialType, r.reason], [null, null, "Visitor PIN", "Too many wrong PINs, try again in a minute"]);
  });

  await t.step("decided by the server with an event id, then uploaded: logged once", async () => {
    const v = await visit();
    const eventId = crypto.randomUUID();
    const live = await b.device("POST", "/api/access/decisions", { body: { credential: { type: "PIN", code: v.pin }, eventId } });
    assertEquals(live.json.decision, "granted");
    const e = { ...event({ type: "PIN", code: v.pin }, at(0)), eventId };
    assertEquals((await upload([e])).json, { accepted: 0, duplicates: 1 });
    assertEquals((await sql`select count(*)::int as n from access_logs where event_id = ${eventId}`)[0].n, 1);
  });

  await t.step("bad guest credentials refuse the batch, logging nothing", async () => {
    const before = await logCount(testApp);
    for (const credential of [{ type: "PIN" }, { type: "PIN", code: " " }, { type: "Visitor Pass", code: 7 }, { type: "Visitor Pass", code: "x".repeat(129) }]) {
      const res = await upload([event({ type: "PIN", code: "123456" }, at(0)), event(credential, at(0))]);
      assertEquals(res.status, 400, JSON.stringify(credential));
    }
    assertEquals(await logCount(testApp), before);
  });
});
