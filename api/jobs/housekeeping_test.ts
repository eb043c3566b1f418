import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { DELIVERIES_SHOWN } from "../webhooks/repo.ts";
import { EVENTS_BATCH, runHousekeeping, sweep } from "./housekeeping.ts";

describeApp("housekeeping removes only what has expired", async (t, { sql, login }) => {
  await addUser(sql, { email: "a@example.com" });
  const live = await login("a@example.com");
  await login("a@example.com"); // a second, separate session
  await sql`update sessions set expires_at = now() - interval '1 minute'
    where token_hash = (select token_hash from sessions order by created_at desc limit 1)`;
  await sql`insert into passkey_challenges (challenge, kind, expires_at) values
    ('old', 'authentication', now() - interval '1 minute'), ('new', 'authentication', now() + interval '5 minutes')`;
  await sql`insert into sign_in_failures (key, at) values ('ip:x', now() - interval '1 hour'), ('ip:y', now())`;
  // E-mail settled over a week ago goes; a week-old one still pending, and a new one, stay.
  await sql`insert into mail_messages (to_address, from_address, subject, status, next_attempt_at, created_at) values
    ('a@example.com', 'T <t@x.test>', 'old sent', 'sent', null, now() - interval '8 days'),
    ('a@example.com', 'T <t@x.test>', 'old pending', 'pending', now(), now() - interval '8 days'),
    ('a@example.com', 'T <t@x.test>', 'new failed', 'failed', null, now() - interval '6 days')`;
  // Wrong PINs and lockouts past 10 minutes go.
  const [door] = await sql`insert into devices (name, type, device_id) values ('Keypad', 'reader', 'keypad-1') returning id`;
  await sql`insert into pin_failures (device_id, at) values (${door.id}, now() - interval '11 minutes'), (${door.id}, now())`;
  await sql`insert into pin_lockouts (device_id, until) values (${door.id}, now() - interval '11 minutes')`;
  // Password-reset requests: a day and more old go, younger ones stay.
  await sql`insert into password_resets (email, token_hash, expires_at, created_at) values
    ('a@example.com', 'old', now(), now() - interval '25 hours'),
    ('a@example.com', 'new', now(), now() - interval '23 hours')`;
  // Single sign-on flows never come back to go once expired (they live 10 minutes).
  await sql`insert into oidc_flows (token_hash, state, nonce, code_verifier, redirect_uri, expires_at) values
    ('old', 's', 'n', 'v', 'https://x.test/cb', now() - interval '1 minute'),
    ('new', 's', 'n', 'v', 'https://x.test/cb', now() + interval '9 minutes')`;
  // The access lists' change log: a day old goes, and marks from where it is whole.
  const logged = async (first: string) => {
    await sql`update users set first_name = ${first} where email = 'a@example.com'`;
    return (await sql`select generation from access_list_generation`)[0].generation as string;
  };
  const dayOld = await logged("Old");
  await sql`update access_list_changes set at = now() - interval '25 hours' where generation = ${dayOld}`;
  const recent = await logged("New");

  await t.step("sweeps", async () => {
    assertEquals(await sweep(sql, 60), { sessions: 1, events: 0 });
    assertEquals((await live.request("GET", "/api/auth/me")).status, 200);
    assertEquals((await sql`select challenge from passkey_challenges`).map((r) => r.challenge), [
      "new",
    ]);
    assertEquals((await sql`select key from sign_in_failures`).map((r) => r.key), ["ip:y"]);
    assertEquals((await sql`select subject from mail_messages order by id`).map((r) => r.subject), ["old pending", "new failed"]);
    assertEquals((await sql`select token_hash from password_resets`).map((r) => r.tokenHash), ["new"]);
    assertEquals((await sql`select count(*)::int as n from pin_failures`)[0].n, 1);
    assertEquals((await sql`select count(*)::int as n from pin_lockouts`)[0].n, 0);
    assertEquals((await sql`select token_hash from oidc_flows`).map((r) => r.tokenHash), ["new"]);
    assertEquals((await sql`select generation from access_list_changes`).map((r) => r.generation), [recent]);
    assertEquals((await sql`select changes_after from access_list_generation`)[0].changesAfter, dayOld);
  });
});

describeApp("housekeeping: one run an hour, whichever process claims it", async (t, { sql }) => {
  await t.step(
    "of two processes looking at once, one sweeps; the next look within the hour sweeps nothing",
    async () => {
      const runs = await Promise.all([runHousekeeping(sql, 60), runHousekeeping(sql, 60)]);
      assertEquals(runs.filter((run) => run !== null).length, 1);
      assertEquals(await runHousekeeping(sql, 60), null);
      assertEquals((await sql`select runs from housekeeping`)[0].runs, 1);
    },
  );

  await t.step("events older than a week go; newer ones stay", async () => {
    await sql`insert into events (type, subject_id, at) values
      ('admin.change', 1, now() - interval '8 days'), ('admin.change', 2, now() - interval '6 days')`;
    // Due a minute ago: "now()" on another connection of the pool, a moment later, has
    // been seen earlier than this statement's (a full parallel run, twice in five).
    await sql`update housekeeping set next_run_at = now() - interval '1 minute'`;
    assertEquals((await runHousekeeping(sql, 60))?.events, 1);
    assertEquals((await sql`select subject_id::int from events`).map((r) => r.subjectId), [2]);
  });
});

describeApp("housekeeping keeps an old event a delivery still needs", async (t, { sql }) => {
  const webhook = async (url: string, eventTypes: string[]) =>
    (await sql`insert into webhooks (url, secret, event_types)
      values (${url}, 'whsec_x', ${eventTypes}) returning id`)[0].id;
  const old = (type: string, subjects: number) =>
    sql`insert into events (type, subject_id, at)
      select ${type}, s, now() - interval '8 days' from generate_series(1, ${subjects}) s
      returning id`;
  const settle = (eventId: number, webhookId: number, status: string) =>
    sql`update webhook_deliveries set status = ${status}, next_attempt_at = null
      where event_id = ${eventId} and webhook_id = ${webhookId}`;
  const deliveriesOf = (eventId: number) =>
    sql`select webhook_id, status from webhook_deliveries where event_id = ${eventId}
      order by webhook_id`;
  // A whole batch of old events whose deliveries wait for their endpoint, turned off
  // (they go if it is turned on again): the sweep steps over them to the next.
  const off = await webhook("https://off.example.com/hook", []);
  const waiting = await old("admin.change", EVENTS_BATCH);
  await sql`update webhooks set is_active = false where id = ${off}`;
  const [unsent] = await old("admin.change", 1);
  // A failed delivery its endpoint's page still shows (with its retry) holds its event
  // back, even though another endpoint's delivery of it is done; one that page no longer
  // shows (the newest DELIVERIES_SHOWN are newer) does not.
  const quiet = await webhook("https://quiet.example.com/hook", ["admin.change"]);
  const busy = await webhook("https://busy.example.com/hook", []);
  const [failed] = await old("admin.change", 1);
  await settle(failed.id, quiet, "failed");
  await settle(failed.id, busy, "delivered");
  const [delivered] = await old("access.granted", 1);
  await settle(delivered.id, busy, "delivered");
  await sql`insert into events (type, subject_id)
    select 'access.granted', s from generate_series(1, ${DELIVERIES_SHOWN}) s`;

  await t.step("one with a pending or shown delivery stays, with its deliveries", async () => {
    assertEquals((await sweep(sql, 60)).events, 2);
    const left = new Set((await sql`select id from events`).map((row) => row.id));
    assert(left.has(failed.id) && waiting.every((event) => left.has(event.id)));
    const [{ pending }] = await sql`select count(*)::int as pending from webhook_deliveries
      where webhook_id = ${off} and status = 'pending'`;
    assertEquals(pending, EVENTS_BATCH);
    assertEquals((await deliveriesOf(failed.id)).map((row) => [row.webhookId, row.status]), [
      [quiet, "failed"],
      [busy, "delivered"],
    ]);
  });

  await t.step("the others go, with their deliveries", async () => {
    const left = new Set((await sql`select id from events`).map((row) => row.id));
    assertEquals([left.has(unsent.id), left.has(delivered.id)], [false, false]);
    assertEquals((await deliveriesOf(delivered.id)).length, 0);
  });
});
