// A raised alarm reaches the admins (spec 4 §3): written with the alarm (rolled back,
// nothing), by push to the subscriptions of admins whose pushAlarms includes its
// severity, on live sessions, and by e-mail per emailAlarms; then sent through the
// outbox to a real push service that checks the VAPID signature and decrypts the
// message (RFC 8291, 8292). A 404/410 deletes the subscription; other failures are
// retried after 10 s, 1 min and 5 min, then dropped; a sign-out or a deactivation
// before sending sends nothing.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { building } from "../access/testing.ts";
import { startPushService } from "../testing/push_service.ts";
import { createLogger } from "../http/logger.ts";
import { transaction } from "../http/transaction.ts";
import { Outbox } from "../outbox/outbox.ts";
import { pushChannel, RETRY_DELAYS_MS } from "../push/channel.ts";
import { applyAlarmChanges, clearAlarm } from "../alarms/raise.ts";
import { raiseHeldOpen } from "../doors/watch.ts";
import type { Sql } from "../db/connect.ts";
import { noticesOf } from "./notices.ts";

const DOOR_EVENTS = "/api/access/devices/self/door-events";

describeApp("alarm notices", { PUSH_ALLOW_PRIVATE: "true" }, async (t, testApp) => {
  const { sql, listen } = testApp;
  const b = await building(testApp);
  const push = startPushService();
  let clock = new Date();
  const outbox = () =>
    new Outbox({
      sql,
      listen,
      log: createLogger("silent"),
      now: () => clock,
      channels: [pushChannel({ subject: "mailto:no-reply@threshold.test" })],
    });
  try {
    await addUser(sql, { email: "bea@example.com", admin: true });
    await addUser(sql, { email: "cy@example.com", admin: true });
    const bea = await testApp.login("bea@example.com");
    const cy = await testApp.login("cy@example.com");
    const ada = await testApp.login("ada@example.com"); // a member
    assertEquals((await bea.request("PUT", "/api/me/notification-settings", { body: { pushAlarms: "critical", emailAlarms: "all" } })).status, 200);
    assertEquals((await cy.request("PUT", "/api/me/notification-settings", { body: { pushAlarms: "none", emailAlarms: "none" } })).status, 200);
    // Each on a device of their own; the first admin keeps the defaults (all, critical).
    const subscribe = async (who: typeof bea) => {
      const subscription = await push.subscribe();
      assertEquals((await who.request("POST", "/api/push/subscriptions", { body: subscription })).status, 201);
      return subscription.endpoint;
    };
    const tablet = await subscribe(b.admin);
    const beaPhone = await subscribe(bea);
    await subscribe(cy);
    await subscribe(ada);

    const ev = (secondsAgo: number, type: string, released?: boolean) => ({
      eventId: crypto.randomUUID(),
      at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
      type,
      ...(released === undefined ? {} : { released }),
    });
    const waiting = async () =>
      [...await sql<{ endpoint: string; urgency: string }[]>`
        select s.endpoint, m.urgency from push_messages m join push_subscriptions s on s.id = m.subscription_id
        where m.status = 'pending' order by s.endpoint`];
    const mailTo = async (alarmId: number) =>
      (await sql<{ to: string }[]>`select to_address as to from mail_messages where text_body like ${`%alarm=${alarmId}%`} order by 1`)
        .map((m) => m.to);
    const alarmOf = async (type: string) =>
      (await sql<{ id: number }[]>`select id from alarms where type = ${type} order by id desc limit 1`)[0].id;
    const sendAll = async () => {
      clock = new Date(Date.now() + 1_000);
      return await outbox().sendDue();
    };

    await t.step("a door forced open: a high-urgency push to each admin device that takes critical ones, e-mail to those who asked", async () => {
      assertEquals((await b.device("POST", DOOR_EVENTS, { body: [ev(5, "door.opened", false)] })).status, 200);
      const id = await alarmOf("door.forced_open");
      assertEquals(await waiting(), [tablet, beaPhone].sort().map((endpoint) => ({ endpoint, urgency: "high" })));
      assertEquals(await mailTo(id), ["admin@example.com", "bea@example.com"]);
      assertEquals(await sendAll(), 2);
      const got = await push.waitFor(2);
      assertEquals(push.refused, [], "every message signed and encrypted as a push service requires");
      assertEquals(new Set(got.map((m) => m.endpoint)), new Set([tablet, beaPhone]));
      for (const message of got) {
        assertEquals(message.payload, { title: "Door forced open", body: "Lab Reader in Lab", url: `/dash/alarms?alarm=${id}`, tag: `alarm-${id}` });
        assertEquals([message.ttl, message.urgency], [3600, "high"]);
      }
      assertEquals(await waiting(), []);
    });

    await t.step("a door held open (a warning): pushed only where all alarms are asked for, normal urgency; e-mail likewise", async () => {
      push.received.length = 0;
      await b.device("POST", DOOR_EVENTS, { body: [ev(4, "door.closed"), ev(3, "door.opened", true)] });
      await sql`update door_states set held_open_due_at = now() - interval '1 second' where device_id = ${b.deviceId}`;
      assertEquals(await raiseHeldOpen(sql as Sql, noticesOf(testApp.config)), 1);
      const id = await alarmOf("door.held_open");
      assertEquals(await waiting(), [{ endpoint: tablet, urgency: "normal" }]);
      assertEquals(await mailTo(id), ["bea@example.com"]);
      assertEquals(await sendAll(), 1);
      const [message] = await push.waitFor(1);
      assertEquals([message.endpoint, message.urgency, (message.payload as { title: string }).title], [tablet, "normal", "Door held open"]);
    });

    const raise = (type: "device.offline" | "device.tamper") =>
      applyAlarmChanges(
        sql,
        { deviceId: b.deviceId, name: "Lab Reader", roomId: b.roomId, roomName: "Lab", isActive: true },
        [{ raise: type, at: Date.now() }],
        noticesOf(testApp.config),
      );

    await t.step("a raise rolled back writes nothing to send", async () => {
      const before = await sql`select (select count(*) from push_messages) + (select count(*) from mail_messages) as n`;
      const failed = await transaction(sql, async (tx) => {
        await applyAlarmChanges(
          tx,
          { deviceId: b.deviceId, name: "Lab Reader", roomId: b.roomId, roomName: "Lab", isActive: true },
          [{ raise: "device.tamper", at: Date.now() }],
          noticesOf(testApp.config),
        );
        throw new Error("the cause failed");
      }).catch((error) => error);
      assert(failed instanceof Error);
      assertEquals(await sql`select (select count(*) from push_messages) + (select count(*) from mail_messages) as n`, before);
    });

    await t.step("410 from the push service: the subscription is deleted", async () => {
      push.received.length = 0;
      push.respondWith(tablet, 410);
      await raise("device.tamper");
      assertEquals(await sendAll(), 2);
      await push.waitFor(2);
      const left = await sql`select endpoint from push_subscriptions where endpoint = ${tablet}`;
      assertEquals(left.length, 0);
      const beaSent = await sql`select m.status from push_messages m join push_subscriptions s on s.id = m.subscription_id
        where s.endpoint = ${beaPhone} order by m.id desc limit 1`;
      assertEquals(beaSent[0].status, "sent");
    });

    await t.step("another failure: tried again after 10 s, 1 min and 5 min, then dropped", async () => {
      push.received.length = 0;
      push.respondWith(beaPhone, 503);
      const [{ id }] = await sql<{ id: number }[]>`
        insert into push_messages (subscription_id, payload, urgency)
        select id, ${JSON.stringify({ title: "Tamper", body: "Lab Reader in Lab", url: "/dash/alarms", tag: "t" })}, 'high'
        from push_subscriptions where endpoint = ${beaPhone} returning id`;
      const row = async () =>
        (await sql<{ status: string; attempts: number; nextAttemptAt: Date | null; lastStatusCode: number }[]>`
          select status, attempts, next_attempt_at, last_status_code from push_messages where id = ${id}`)[0];
      assertEquals(await sendAll(), 1);
      for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
        const pending = await row();
        assertEquals([pending.status, pending.attempts, pending.lastStatusCode], ["pending", i + 1, 503]);
        assertEquals(pending.nextAttemptAt!.getTime(), clock.getTime() + delay);
        clock = new Date(clock.getTime() + delay - 1);
        assertEquals(await outbox().sendDue(), 0, `attempt ${i + 2} a moment early`);
        clock = new Date(clock.getTime() + 1);
        assertEquals(await outbox().sendDue(), 1, `attempt ${i + 2} when due`);
      }
      assertEquals((await row()).status, "failed");
      assertEquals(push.received.length, 4);
      push.respondWith(beaPhone, 201);
    });

    await t.step("signed out before it was sent (also a sign-out sent late, from a tablet that was offline): nothing goes", async () => {
      push.received.length = 0;
      assertEquals((await bea.request("PUT", "/api/me/notification-settings", { body: { pushAlarms: "all" } })).status, 200);
      await raise("device.offline");
      assertEquals((await waiting()).map((w) => w.endpoint), [beaPhone]);
      assertEquals((await bea.request("POST", "/api/auth/logout")).status, 200);
      assertEquals(await waiting(), []);
      assertEquals(await sendAll(), 0);
      assertEquals(push.received, []);
    });

    await t.step("no push to a session past its idle or absolute limit, nor to a deactivated admin", async () => {
      const fresh = await testApp.login("bea@example.com");
      const endpoint = await subscribe(fresh);
      await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${bea.user.id}`;
      await clearAlarm(sql, b.deviceId, { clear: "device.offline", at: Date.now() });
      await raise("device.offline");
      assertEquals(await waiting(), []);
      await sql`update sessions set expires_at = now() + interval '1 day' where user_id = ${bea.user.id}`;
      const [beaRow] = await sql<{ id: number }[]>`select id from users where email = 'bea@example.com'`;
      assertEquals((await b.admin.request("PATCH", `/api/users/${beaRow.id}/toggle-active`)).status, 200);
      assertEquals((await sql`select 1 from push_subscriptions where endpoint = ${endpoint}`).length, 0, "deactivating deletes theirs");
    });
    await t.step("a critical alarm's push goes before a backlog of others", async () => {
      push.received.length = 0;
      const endpoint = await subscribe(b.admin);
      await sql`insert into push_messages (subscription_id, payload, urgency)
        select s.id, json_build_object('title', 'Backlog', 'body', 'Backlog ' || n, 'url', '/dash', 'tag', 'b' || n)::text, 'normal'
        from push_subscriptions s, generate_series(1, 40) n where s.endpoint = ${endpoint}`;
      await clearAlarm(sql, b.deviceId, { clear: "device.tamper", at: Date.now() });
      await sql`update alarms set resolved_at = now(), resolved_by = '{"type":"system","id":null,"name":"Threshold"}'
        where type = 'device.tamper' and resolved_at is null`;
      await raise("device.tamper");
      assertEquals(await sendAll(), 41);
      const first = push.received.findIndex((m) => (m.payload as { title: string }).title === "Tamper");
      // Claimed 32 at a time, each batch sent before the next is claimed.
      assert(first >= 0 && first < 32, `the alarm was message ${first + 1} of 41`);
    });
  } finally {
    await push.close();
  }
});
