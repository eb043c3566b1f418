// Issue 14: the audit matrix. Generated from the app's own route list, like the
// access matrix and the bad-input test: every mutating route, sent its valid
// example (testing/route_examples.ts), writes exactly the event this table names,
// with its action and target, in the request's own transaction; a replayed
// Idempotency-Key writes none; a refused request writes none; and an admin change
// that records nothing is refused and rolled back.
import { assert, assertEquals } from "../testing/assert.ts";
import { apiRoutes } from "../testing/access_matrix.ts";
import {
  createWorld,
  type Example,
  fillPath,
  ROUTE_EXAMPLES,
  send,
} from "../testing/route_examples.ts";
import { describeApp, type TestApp } from "../testing/test_app.ts";
import { allow, ruleOf } from "../auth/access.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Sent = { example: Example; json: Record<string, unknown>; callerId: number | null };
/** The event a route writes: its action, and its target's type and id; null: no event. */
type Expected = { action: string; target: [type: string, id: (sent: Sent) => unknown] } | null;

const param = (name: string) => (sent: Sent) => sent.example.params?.[name];
const id = param("id");
const credentialId = param("credentialId");
const answerId = (sent: Sent) => sent.json.id;
const caller = (sent: Sent) => sent.callerId;
const none = () => null;
const signedUp = (sent: Sent) => (sent.json.user as { id: number }).id;
/** The action, its target's id, and its type: by default the action's entity. */
const event = (
  action: string,
  id: (sent: Sent) => unknown,
  type = action.split(".")[0],
): Expected => ({
  action,
  target: [type, id],
});

const EXPECTED: Record<string, Expected> = {
  "POST /api/auth/login": event("auth.sign_in", caller, "user"),
  "POST /api/auth/signup": event("auth.sign_up", signedUp, "user"),
  "POST /api/auth/invitations/:token/accept": event("auth.invitation_accept", signedUp, "user"),
  // Asked for by anyone, for any address: nothing to record (and the same work either way).
  "POST /api/auth/password-reset": null,
  "POST /api/auth/password-reset/complete": event("auth.password_reset", signedUp, "user"),
  "POST /api/auth/logout": event("auth.sign_out", caller, "user"),
  "POST /api/auth/passkey/login/options": null,
  "POST /api/auth/passkey/login/verify": event("auth.sign_in", caller, "user"),
  "POST /api/auth/passkey/register/options": null,
  "POST /api/auth/passkey/register/verify": event("auth.passkey.register", caller, "user"),

  // A member's unlock is the access log's (Face ID / Mobile Unlock), not an admin change.
  "POST /api/me/doors/:roomId/unlock/options": null,
  "POST /api/me/doors/:roomId/unlock": null,

  "PUT /api/me/notification-settings": event("user.notification_settings.update", caller, "user"),
  // A browser's push subscription is the user's own, not an admin change.
  "POST /api/push/subscriptions": null,
  "DELETE /api/push/subscriptions": null,

  "POST /api/rooms": event("room.create", answerId),
  "PUT /api/rooms/:id": event("room.update", id),
  "PATCH /api/rooms/:id/toggle-active": event("room.deactivate", id),
  "DELETE /api/rooms/:id": event("room.delete", id),
  "POST /api/groups/:id/rooms/:roomId": event("group.room.add", id),
  "DELETE /api/groups/:id/rooms/:roomId": event("group.room.remove", id),
  "PUT /api/groups/:id/rooms/:roomId": event("group.room.update", id),
  "POST /api/schedules": event("schedule.create", answerId),
  "PUT /api/schedules/:id": event("schedule.update", id),
  "DELETE /api/schedules/:id": event("schedule.delete", id),
  "POST /api/holiday-calendars": event("holiday_calendar.create", answerId),
  "PUT /api/holiday-calendars/:id": event("holiday_calendar.update", id),
  "DELETE /api/holiday-calendars/:id": event("holiday_calendar.delete", id),
  "POST /api/lockdowns": event("lockdown.start", answerId),
  "POST /api/lockdowns/:id/end": event("lockdown.end", id),
  "POST /api/alarms/:id/acknowledge": event("alarm.acknowledge", id),
  "POST /api/alarms/:id/resolve": event("alarm.resolve", id),
  "POST /api/webhooks": event("webhook.create", answerId),
  "PUT /api/webhooks/:id": event("webhook.update", id),
  "DELETE /api/webhooks/:id": event("webhook.delete", id),
  "POST /api/webhooks/:id/rotate-secret": event("webhook.secret.rotate", id),
  "POST /api/webhooks/:id/test": event("webhook.test", id),
  "POST /api/webhooks/:id/deliveries/:deliveryId/retry": event("webhook.delivery.retry", id),

  "POST /api/devices": event("device.create", answerId),
  "PUT /api/devices/:id": event("device.update", id),
  "PATCH /api/devices/:id": event("device.assign", id),
  "PATCH /api/devices/:id/toggle-active": event("device.deactivate", id),
  "DELETE /api/devices/:id": event("device.delete", id),
  "POST /api/devices/:id/api-key": event("device.key.create", id),
  "DELETE /api/devices/:id/api-key": event("device.key.revoke", id),

  // A door's decisions and events are the access log's, not the audit trail's.
  "POST /api/access/decisions": null,
  "POST /api/access/devices/self/events": null,
  "POST /api/access/devices/self/door-events": null,
  "POST /api/access/devices/self/commands/:commandId/ack": null,

  "POST /api/users": event("user.create", answerId),
  "PUT /api/users/:id": event("user.update", id),
  "DELETE /api/users/:id": event("user.delete", id),
  "PATCH /api/users/:id/toggle-active": event("user.deactivate", id),
  "POST /api/users/:id/resend-invitation": event("user.invite", id),
  "POST /api/visits": event("visit.create", answerId),
  "PUT /api/visits/:id": event("visit.update", id),
  "POST /api/visits/:id/revoke": event("visit.revoke", id),
  "POST /api/visits/:id/new-pass": event("visit.new_pass", id),
  // A guest at a door, from their pass: the access log records it.
  "POST /api/pass/:token/rooms/:roomId/unlock": null,
  "POST /api/users/:id/credentials": event("credential.create", answerId),
  "PUT /api/users/:id/credentials/:credentialId": event("credential.update", credentialId),
  "DELETE /api/users/:id/credentials/:credentialId": event("credential.delete", credentialId),

  "POST /api/groups": event("group.create", answerId),
  "PUT /api/groups/:id": event("group.update", id),
  "PATCH /api/groups/:id/toggle-active": event("group.deactivate", id),
  "DELETE /api/groups/:id": event("group.delete", id),
  "POST /api/groups/:id/users/:userId": event("group.member.add", id),
  "DELETE /api/groups/:id/users/:userId": event("group.member.remove", id),
  "POST /api/scim-tokens": event("scim_token.create", answerId),
  "DELETE /api/scim-tokens/:id": event("scim_token.revoke", id),

  // A member starting their own verification, and Stripe's word about it: not admin changes.
  "POST /api/stripe/verification-session": null,
  "POST /api/stripe/webhook": null,

  "POST /api/lastlock/devices/discover": event("lastlock.discover", none, "integration"),
  "POST /api/lastlock/devices/:id/approve": event("device.approve", id),
  "POST /api/lastlock/devices/:id/credentials/:credentialId": event("device.credential.assign", id),
  "DELETE /api/lastlock/devices/:id/credentials/:credentialId": event(
    "device.credential.remove",
    id,
  ),
  "POST /api/lastlock/users/:id/credentials": event("lastlock_credential.create", answerId),
  "POST /api/unifi/devices/discover": event("unifi.discover", none, "integration"),
};

type Stored = { id: number; action: string; targetType: string | null; targetId: number | null };

async function eventsAfter(app: TestApp, last: number): Promise<Stored[]> {
  return await app.sql<Stored[]>`
    select id, action, target_type, target_id from audit_events where id > ${last} order by id`;
}

async function lastEventId(app: TestApp): Promise<number> {
  const [row] = await app.sql<{ last: number }[]>`
    select coalesce(max(id), 0)::int as last from audit_events`;
  return row.last;
}

describeApp("the audit matrix", async (t, testApp) => {
  // A route that changes something and records nothing, as a careless new one would.
  // Registered before the first request (Hono builds its router then).
  testApp.app.post("/api/test/forgetful", allow.admin, async (c) => {
    await c.var.sql`insert into rooms (name) values ('Forgotten')`;
    return c.json({ ok: true }, 201);
  });
  const world = await createWorld(testApp);
  const routes = apiRoutes(testApp.app)
    .filter((route) => MUTATING.has(route.method) && route.path !== "/api/test/forgetful")
    .map(({ method, path, rule }) => ({ method, path, rule, key: `${method} ${path}` }));
  const memberId = (await world.member.request("GET", "/api/auth/me")).json.user.id as number;

  /** The example's caller's own user id (the member's for anonymous sign-ins). */
  async function callerOf(example: Example): Promise<number | null> {
    if (example.as === "anonymous") return memberId;
    if (example.as === "device") return null;
    const cookie = example.as === "admin"
      ? world.admin.cookie
      : example.as === "member"
      ? world.member.cookie
      : example.as.cookie;
    return (await testApp.request("GET", "/api/auth/me", { cookie })).json.user.id;
  }

  await t.step("every mutating route names its event, and every named route exists", () => {
    const keys = routes.map((route) => route.key);
    assertEquals(keys.filter((key) => !(key in EXPECTED)), [], "routes without an expectation");
    assertEquals(Object.keys(EXPECTED).filter((key) => !keys.includes(key)), []);
    // Every admin change is audited.
    const silentAdmin = routes.filter((r) => r.rule === "admin" && EXPECTED[r.key] === null);
    assertEquals(silentAdmin.map((r) => r.key), []);
  });

  await t.step("each route's valid request writes exactly its one event", async () => {
    const problems: string[] = [];
    for (const { method, path, key } of routes) {
      const example = await ROUTE_EXAMPLES[key](world);
      const callerId = await callerOf(example);
      const before = await lastEventId(testApp);
      const res = await send(world, method, fillPath(path, example.params), example);
      const written = await eventsAfter(testApp, before);
      if (res.status >= 300) {
        problems.push(`${key}: ${res.status} ${res.text}`);
        continue;
      }
      const expected = EXPECTED[key];
      if (expected === null) {
        if (written.length) problems.push(`${key}: wrote ${written.map((e) => e.action)}`);
        continue;
      }
      const [type, idOf] = expected.target;
      const want = {
        action: expected.action,
        targetType: type,
        targetId: idOf({ example, json: res.json, callerId }),
      };
      const got = written.map(({ action, targetType, targetId }) => ({
        action,
        targetType,
        targetId,
      }));
      if (JSON.stringify(got) !== JSON.stringify([want])) {
        problems.push(`${key}: wrote ${JSON.stringify(got)}, wanted ${JSON.stringify(want)}`);
      }
    }
    assertEquals(problems, []);
  });

  await t.step("a replayed Idempotency-Key writes no second event", async () => {
    const problems: string[] = [];
    // Idempotency-Keys belong to signed-in callers; a device key is never replayed, nor
    // is an unlock (allow.signedInCommitting: each spends a single-use challenge).
    const keyed = routes.filter((r) =>
      (r.rule === "admin" || r.rule === "signedIn" || r.rule === "self") &&
      r.key !== "POST /api/devices/:id/api-key" && r.key !== "POST /api/me/doors/:roomId/unlock"
    );
    assert(keyed.length >= 35, `${keyed.length} routes take an Idempotency-Key`);
    for (const { method, path, key } of keyed) {
      const example = await ROUTE_EXAMPLES[key](world);
      const withKey = {
        ...example,
        headers: { ...example.headers, "idempotency-key": `replay-${world.next()}` },
      };
      const url = fillPath(path, example.params);
      const first = await send(world, method, url, withKey);
      const before = await lastEventId(testApp);
      const again = await send(world, method, url, withKey);
      const written = await eventsAfter(testApp, before);
      if (first.status >= 300 || again.headers.get("idempotent-replayed") !== "true") {
        problems.push(`${key}: ${first.status}, then ${again.status} not replayed`);
      }
      if (written.length) problems.push(`${key}: the replay wrote ${written.map((e) => e.action)}`);
    }
    assertEquals(problems, []);
  });

  await t.step(
    "a refused request writes none: a member's or a stranger's, or an unknown id",
    async () => {
      const problems: string[] = [];
      for (const { method, path, key, rule } of routes.filter((r) => r.rule === "admin")) {
        const example = await ROUTE_EXAMPLES[key](world);
        const url = fillPath(path, example.params);
        const unknown = example.params
          ? fillPath(
            path,
            Object.fromEntries(Object.keys(example.params).map((p) => [p, 2147480000])),
          )
          : null;
        const before = await lastEventId(testApp);
        const tries = [
          await send(world, method, url, { ...example, as: "member" }),
          await send(world, method, url, { ...example, as: "anonymous" }),
          ...(unknown ? [await send(world, method, unknown, example)] : []),
        ];
        const written = await eventsAfter(testApp, before);
        if (tries.some((res) => res.status < 400)) {
          problems.push(`${key} (${rule}): ${tries.map((res) => res.status)}`);
        }
        if (written.length) problems.push(`${key}: refused, wrote ${written.map((e) => e.action)}`);
      }
      assertEquals(problems, []);
    },
  );

  await t.step("an admin change that records nothing is refused and rolled back", async () => {
    assertEquals(
      ruleOf(testApp.app.routes.find((r) => r.path === "/api/test/forgetful")?.handler),
      "admin",
    );
    const before = await lastEventId(testApp);
    const res = await world.admin.request("POST", "/api/test/forgetful");
    assertEquals([res.status, res.json.error], [500, "This change recorded no audit event"]);
    const [left] = await testApp.sql`select count(*)::int as n from rooms where name = 'Forgotten'`;
    assertEquals(left.n, 0, "the change was rolled back");
    assertEquals(await lastEventId(testApp), before);
  });
});
