// A stream ends once its session no longer passes its rule (session_watch.ts), on
// this process or another. A dashboard's live events: once the session is no longer
// an active admin's (deactivated or taken out of Admin by another admin, signed out,
// past its absolute or idle limit); another admin's stream, and the same admin's
// other session's, go on. A member's live channel: once the session is no longer a
// live one of an active user (signed out, deactivated, deleted); their other
// session's goes on.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, TEST_ORIGIN, type TestApp } from "../testing/test_app.ts";
import { events } from "../testing/sse.ts";
import { hashToken } from "../auth/tokens.ts";
import { CHECK_MS } from "./session_watch.ts";

/** What docs/api.md promises: a check, and the time its query and the stream's end take. */
const BOUND_MS = 2 * CHECK_MS;

type Stream = ReturnType<typeof events>;

const open = async (testApp: TestApp, path: string, cookie: string) => {
  const res = await testApp.app.request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  assertEquals(res.status, 200);
  return events(res);
};

/** Reads the stream (what it hears before is left aside) until it ends: how long that took. */
const closes = async (stream: Stream) => {
  const from = Date.now();
  while ((await stream.next(Math.max(0, BOUND_MS - (Date.now() - from)))) !== "closed");
  return Date.now() - from;
};

/** Starts a lockdown, as by another process: every stream still open hears of it. */
const lockDown = (testApp: TestApp, reason: string) =>
  testApp.sql`insert into lockdowns (scope, reason, started_by)
    values ('all', ${reason}, '{"id": 1, "name": "A"}')`;

describeApp("live events end with their admin's session", async (t, testApp) => {
  const { sql, login } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const [{ id: adminGroup }] = await sql`select id from groups where name = 'Admin'`;
  const openLive = (cookie: string) => open(testApp, "/api/events/stream", cookie);
  /** An admin signed in, with their open stream. */
  const streaming = async (email: string) => {
    const id = await addUser(sql, { email, admin: true });
    const session = await login(email);
    return { id, ...session, stream: await openLive(session.cookie) };
  };
  /** Whether the stream is still open: it hears a lockdown started now. */
  const hearsOn = async (stream: Stream, reason: string) => {
    await lockDown(testApp, reason);
    while (true) {
      const heard = await stream.next();
      assert(heard !== "closed", "the stream closed");
      if (heard.event === "lockdown.started" && JSON.parse(heard.data).reason === reason) return;
    }
  };
  const hashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf("=") + 1));
  const watching = await openLive(admin.cookie);

  await t.step("deactivated by another admin, on another process: the stream ends", async () => {
    const ann = await streaming("ann@example.com");
    // Another app on the database: its own live events, none of this one's memory.
    const elsewhere = testApp.withIntegrations({});
    const res = await elsewhere.request("PATCH", `/api/users/${ann.id}/toggle-active`, {
      cookie: admin.cookie,
    });
    assertEquals(res.status, 200);
    assert(await closes(ann.stream) < BOUND_MS);
  });

  await t.step("taken out of Admin: the stream ends, though the session lives on", async () => {
    const bob = await streaming("bob@example.com");
    const res = await admin.request("DELETE", `/api/groups/${adminGroup}/users/${bob.id}`);
    assertEquals(res.status, 200);
    assert(await closes(bob.stream) < BOUND_MS);
    assertEquals((await bob.request("GET", "/api/auth/me")).status, 200);
  });

  await t.step("signed out: that session's stream ends, another one's goes on", async () => {
    const cy = await streaming("cy@example.com");
    const laptop = await login("cy@example.com");
    const onLaptop = await openLive(laptop.cookie);
    assertEquals((await cy.request("POST", "/api/auth/logout")).status, 200);
    assert(await closes(cy.stream) < BOUND_MS);
    await hearsOn(onLaptop, "Cy's laptop");
    await onLaptop.cancel();
  });

  await t.step("past its absolute or idle limit (as by the clock): the stream ends", async () => {
    const di = await streaming("di@example.com");
    const idle = await login("di@example.com");
    const idleStream = await openLive(idle.cookie);
    await sql`update sessions set expires_at = now() - interval '1 second'
      where token_hash = ${hashOf(di.cookie)}`;
    const idleMinutes = testApp.config.sessionIdleMinutes + 1;
    await sql`update sessions set last_seen_at = now() - ${idleMinutes} * interval '1 minute'
      where token_hash = ${hashOf(idle.cookie)}`;
    const [expired, idled] = await Promise.all([closes(di.stream), closes(idleStream)]);
    assert(expired < BOUND_MS && idled < BOUND_MS);
  });

  await t.step("the admin who did it all still hears every event", async () => {
    await hearsOn(watching, "Still watching");
    await watching.cancel();
  });
});

describeApp("a member's live channel ends with their session", async (t, testApp) => {
  const { sql, login } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  /** A member's channel, once it has told them of the view they open with. */
  const openChannel = async (cookie: string) => {
    const stream = await open(testApp, "/api/me/stream", cookie);
    const first = await stream.next();
    assert(first !== "closed" && first.event === "changed", "the view it opens with");
    return stream;
  };
  /** A member signed in, with their open channel. */
  const streaming = async (email: string) => {
    const id = await addUser(sql, { email });
    const session = await login(email);
    return { id, ...session, stream: await openChannel(session.cookie) };
  };
  /** Whether the channel is still open: a lockdown started now changes their view. */
  const hearsOn = async (stream: Stream, reason: string) => {
    await lockDown(testApp, reason);
    const heard = await stream.next();
    assert(heard !== "closed", "the stream closed");
    assertEquals(heard.event, "changed");
  };

  await t.step("signed out: that session's channel ends, their other one's goes on", async () => {
    const ann = await streaming("ann@example.com");
    const laptop = await login("ann@example.com");
    const onLaptop = await openChannel(laptop.cookie);
    assertEquals((await ann.request("POST", "/api/auth/logout")).status, 200);
    assert(await closes(ann.stream) < BOUND_MS);
    await hearsOn(onLaptop, "Ann's laptop");
    await onLaptop.cancel();
  });

  await t.step("deactivated by an admin, on another process: the channel ends", async () => {
    const bob = await streaming("bob@example.com");
    const elsewhere = testApp.withIntegrations({});
    const res = await elsewhere.request("PATCH", `/api/users/${bob.id}/toggle-active`, {
      cookie: admin.cookie,
    });
    assertEquals(res.status, 200);
    assert(await closes(bob.stream) < BOUND_MS);
  });

  await t.step("deleted by an admin: the channel ends", async () => {
    const cy = await streaming("cy@example.com");
    assertEquals((await admin.request("DELETE", `/api/users/${cy.id}`)).status, 200);
    assert(await closes(cy.stream) < BOUND_MS);
  });
});
