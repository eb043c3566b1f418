// One valid request for every mutating /api route, made against rows that exist:
// the table the bad-input test poisons (http/bad_input_test.ts) and that any
// test needing "each route, done right" can send. Each example makes fresh rows
// of its own, so examples can be sent in any order, each one any number of times.
// A mutating route without an example fails the bad-input test: add one here.
import {
  STRIPE_SIMULATOR_WEBHOOK_SECRET,
  stripeSignature,
} from "../integrations/stripe/simulator.ts";
import { SoftAuthenticator } from "./soft_authenticator.ts";
import { addUser, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from "./test_app.ts";

export type Caller = "anonymous" | "member" | "admin" | "device" | { cookie: string };

export type Example = {
  as: Caller;
  /**
   * The route's path parameters: row ids (bad_input.ts writes them other ways), or a
   * link's token (text: any other text is an unknown link, tested with its routes).
   */
  params?: Record<string, number | string>;
  /** Sent as JSON; left out, the request has no body. */
  body?: unknown;
  headers?: Record<string, string>;
};

export type World = Awaited<ReturnType<typeof createWorld>>;

/** An admin, a member with a passkey, a door with its device key, and makers of fresh rows. */
export async function createWorld(app: TestApp) {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  const admin = await app.login("admin@example.com");
  await addUser(app.sql, { email: "member@example.com" });
  const member = await app.login("member@example.com");
  const phone = await SoftAuthenticator.create(TEST_ORIGIN);

  let serial = 0;
  const next = () => ++serial;
  /** Makes something through the API as the admin; its answer, or a thrown error. */
  const make = async (method: string, path: string, body?: unknown) => {
    const res = await admin.request(method, path, { body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.json;
  };
  const room = async () => (await make("POST", "/api/rooms", { name: `Room ${next()}` })).id;
  const schedule = async () =>
    (await make("POST", "/api/schedules", {
      name: `Schedule ${next()}`,
      timeZone: "Europe/Berlin",
      weekly: { monday: [{ start: "08:00", end: "18:00" }] },
    })).id as number;
  const calendar = async () =>
    (await make("POST", "/api/holiday-calendars", {
      name: `Calendar ${next()}`,
      holidays: [{ name: "New Year", date: "2027-01-01", repeatsYearly: true, windows: [] }],
    })).id as number;
  const group = async () => (await make("POST", "/api/groups", { name: `Group ${next()}` })).id;
  const user = async () => {
    const n = next();
    return (await make("POST", "/api/users", {
      firstName: "Sam",
      lastName: `Doe ${n}`,
      email: `user${n}@example.com`,
      password: TEST_PASSWORD,
    })).id as number;
  };
  const device = async (roomId?: number) =>
    (await make("POST", "/api/devices", {
      name: `Reader ${next()}`,
      type: "reader",
      roomId: roomId ?? null,
    })).id as number;
  const credential = async (userId: number) =>
    (await make("POST", `/api/users/${userId}/credentials`, {
      type: "HID Prox",
      facilityCode: "1",
      cardCode: String(1000 + next()),
    })).id as number;
  const lastLockCredential = async () =>
    (await make("POST", `/api/lastlock/users/${await user()}/credentials`, {
      credentialType: "EM41XX",
      credentialData: btoa(`card ${next()}`),
    })).id as number;
  /** A Last Lock device awaiting approval (discovery finds the simulator's six). */
  const pendingLock = async () => {
    await make("POST", "/api/lastlock/devices/discover");
    const [lock] = await make("GET", "/api/lastlock/devices/pending");
    if (!lock) throw new Error("no Last Lock device is left to approve");
    return lock.id as number;
  };
  let approved: number | undefined;
  /** One approved lock, shared: assigning fresh credentials to it never clashes. */
  const approvedLock = async () => {
    if (approved === undefined) {
      const id = await pendingLock();
      await make("POST", `/api/lastlock/devices/${id}/approve`);
      approved = id;
    }
    return approved;
  };
  /** A session of a fresh user, for a call that ends it. */
  const session = async () => {
    const n = next();
    await addUser(app.sql, { email: `session${n}@example.com` });
    return (await app.login(`session${n}@example.com`)).cookie;
  };

  const visitBody = async () => ({
    guestName: `Guest ${next()}`,
    guestEmail: "guest@example.com",
    roomIds: [await room()],
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    note: "At reception",
  });

  /** The token of the newest link e-mailed to `email` (mail is off in tests: its body is kept). */
  const linkToken = async (email: string) => {
    const [message] = await app.sql<{ textBody: string }[]>`
      select text_body from mail_messages where to_address = ${email} order by id desc limit 1`;
    const token = /\/(?:invite|reset-password)\/([A-Za-z0-9_-]{43})/.exec(message?.textBody ?? "")?.[1];
    if (!token) throw new Error(`no link e-mailed to ${email}`);
    return token;
  };

  /** A fresh member with a passkey of their own: unlock attempts are throttled per user. */
  const faceIdMember = async () => {
    const n = next();
    const id = await addUser(app.sql, { email: `face${n}@example.com` });
    const signedIn = await app.login(`face${n}@example.com`);
    const phone = await SoftAuthenticator.create(TEST_ORIGIN);
    const options = (await signedIn.request("POST", "/api/auth/passkey/register/options")).json;
    const res = await signedIn.request("POST", "/api/auth/passkey/register/verify", {
      body: await phone.register(options.challenge),
    });
    if (res.status !== 201) throw new Error(`passkey: ${res.status} ${res.text}`);
    return { id, cookie: signedIn.cookie, request: signedIn.request, phone };
  };

  const door = await device(await room());
  const deviceKey = (await make("POST", `/api/devices/${door}/api-key`)).apiKey as string;
  // The member's passkey, for the passkey sign-in examples.
  const options = (await member.request("POST", "/api/auth/passkey/register/options")).json;
  const registered = await member.request("POST", "/api/auth/passkey/register/verify", {
    body: await phone.register(options.challenge),
  });
  if (registered.status !== 201) {
    throw new Error(`passkey: ${registered.status} ${registered.text}`);
  }

  return {
    app,
    admin,
    member,
    deviceKey,
    phone,
    next,
    make,
    room,
    schedule,
    calendar,
    group,
    user,
    device,
    credential,
    lastLockCredential,
    pendingLock,
    approvedLock,
    session,
    faceIdMember,
    visitBody,
    /** A fresh visit, an hour from now, to a fresh room. */
    visit: async () => (await make("POST", "/api/visits", await visitBody())).id as number,
    /** The pass of a fresh visit under way, and its room. */
    guestPass: async () => {
      const made = await make("POST", "/api/visits", { ...await visitBody(), startsAt: new Date().toISOString() });
      return { token: new URL(made.passUrl).pathname.split("/").pop()!, roomId: made.roomIds[0] as number };
    },
    /** The link's token of a fresh invitation (a user made with invite: true). */
    invitationToken: async () => {
      const email = `invited${next()}@example.com`;
      await make("POST", "/api/users", { firstName: "Ivy", lastName: "Invited", email, invite: true });
      return await linkToken(email);
    },
    /** The link's token of a fresh user's password reset. */
    resetToken: async () => {
      const email = `forgetful${next()}@example.com`;
      await addUser(app.sql, { email });
      const res = await app.request("POST", "/api/auth/password-reset", { body: { email } });
      if (res.status !== 202) throw new Error(`password reset: ${res.status} ${res.text}`);
      return await linkToken(email);
    },
    /** A webhook endpoint (quiet: it hears remote unlocks only). */
    webhook: async () =>
      (await make("POST", "/api/webhooks", { url: "https://93.184.215.14/hook", eventTypes: ["door.unlocked_remotely"] }))
        .id as number,
    /** A failed delivery of a test event to `webhookId`. */
    failedDelivery: async (webhookId: number) => {
      const delivery = await make("POST", `/api/webhooks/${webhookId}/test`);
      await app.sql`update webhook_deliveries set status = 'failed', attempts = 10, next_attempt_at = null
        where id = ${delivery.id}`;
      return delivery.id as number;
    },
    /** A fresh active alarm of the door (raised as its forced opening would; the last one resolved). */
    alarm: async () => {
      await app.sql`update alarms set resolved_at = now(), resolved_by = ${app.sql.json({ type: "system", id: null, name: "Threshold" })}
        where device_id = ${door} and resolved_at is null`;
      return (await app.sql<{ id: number }[]>`insert into alarms (type, severity, device_id, device_name, started_at)
        values ('door.forced_open', 'critical', ${door}, 'Door', now()) returning id`)[0].id;
    },
    /** A remote unlock waiting for the door's answer (made as spec 3 §4's call would). */
    command: async () =>
      (await app.sql<{ id: number }[]>`insert into device_commands (device_id, user_name, expires_at)
        values (${door}, 'Someone', now() + interval '1 minute') returning id`)[0].id,
  };
}

type Build = (w: World) => Example | Promise<Example>;
const CARD = { type: "HID Prox", facilityCode: "1", cardCode: "4242" };

/** Keyed "METHOD /api/path/:param", as app.routes lists them. */
export const ROUTE_EXAMPLES: Record<string, Build> = {
  "POST /api/auth/login": () => ({
    as: "anonymous",
    body: { email: "member@example.com", password: TEST_PASSWORD },
  }),
  "POST /api/auth/signup": (w) => ({
    as: "anonymous",
    body: {
      email: `signup${w.next()}@example.com`,
      password: TEST_PASSWORD,
      firstName: "Ada",
      lastName: "Lovelace",
    },
  }),
  "POST /api/auth/logout": async (w) => ({ as: { cookie: await w.session() } }),
  "POST /api/auth/invitations/:token/accept": async (w) => ({
    as: "anonymous",
    params: { token: await w.invitationToken() },
    body: { password: "a new password" },
  }),
  "POST /api/visits": async (w) => ({ as: "admin", body: await w.visitBody() }),
  "PUT /api/visits/:id": async (w) => ({ as: "admin", params: { id: await w.visit() }, body: await w.visitBody() }),
  "POST /api/visits/:id/revoke": async (w) => ({ as: "admin", params: { id: await w.visit() } }),
  "POST /api/visits/:id/new-pass": async (w) => ({ as: "admin", params: { id: await w.visit() } }),
  "POST /api/pass/:token/rooms/:roomId/unlock": async (w) => ({ as: "anonymous", params: await w.guestPass() }),
  "POST /api/auth/password-reset": () => ({ as: "anonymous", body: { email: "member@example.com" } }),
  "POST /api/auth/password-reset/complete": async (w) => ({
    as: "anonymous",
    body: { token: await w.resetToken(), password: "a new password" },
  }),
  "POST /api/auth/passkey/login/options": () => ({
    as: "anonymous",
    body: { email: "member@example.com" },
  }),
  "POST /api/auth/passkey/login/verify": async (w) => {
    const options = await w.app.request("POST", "/api/auth/passkey/login/options", {
      body: { email: "member@example.com" },
    });
    return { as: "anonymous", body: await w.phone.assert(options.json.challenge) };
  },
  "POST /api/auth/passkey/register/options": () => ({ as: "member" }),
  "POST /api/auth/passkey/register/verify": async (w) => {
    const options = await w.member.request("POST", "/api/auth/passkey/register/options");
    const phone = await SoftAuthenticator.create(TEST_ORIGIN);
    return { as: "member", body: await phone.register(options.json.challenge) };
  },

  "POST /api/rooms": (w) => ({
    as: "admin",
    body: { name: `Room ${w.next()}`, description: "Quiet, by the window", capacity: 12 },
  }),
  "PUT /api/rooms/:id": async (w) => ({
    as: "admin",
    params: { id: await w.room() },
    body: {
      name: `Room ${w.next()}`,
      description: "Now with a projector",
      capacity: 20,
      unlockScheduleId: await w.schedule(),
      firstPersonIn: true,
    },
  }),
  "PATCH /api/rooms/:id/toggle-active": async (w) => ({
    as: "admin",
    params: { id: await w.room() },
  }),
  "DELETE /api/rooms/:id": async (w) => ({ as: "admin", params: { id: await w.room() } }),
  "POST /api/groups/:id/rooms/:roomId": async (w) => ({
    as: "admin",
    params: { id: await w.group(), roomId: await w.room() },
    body: { scheduleId: await w.schedule() },
  }),
  "PUT /api/groups/:id/rooms/:roomId": async (w) => {
    const [id, roomId] = [await w.group(), await w.room()];
    await w.make("POST", `/api/groups/${id}/rooms/${roomId}`);
    return { as: "admin", params: { id, roomId }, body: { scheduleId: await w.schedule() } };
  },
  "POST /api/schedules": async (w) => ({
    as: "admin",
    body: {
      name: `Schedule ${w.next()}`,
      description: "Weekdays",
      timeZone: "America/New_York",
      weekly: { monday: [{ start: "09:00", end: "12:00" }, { start: "13:00", end: "17:00" }] },
      holidayCalendarId: await w.calendar(),
    },
  }),
  "PUT /api/schedules/:id": async (w) => ({
    as: "admin",
    params: { id: await w.schedule() },
    body: {
      name: `Schedule ${w.next()}`,
      timeZone: "Australia/Sydney",
      weekly: { saturday: [{ start: "10:00", end: "24:00" }] },
      holidayCalendarId: null,
    },
  }),
  "DELETE /api/schedules/:id": async (w) => ({ as: "admin", params: { id: await w.schedule() } }),
  "POST /api/holiday-calendars": (w) => ({
    as: "admin",
    body: {
      name: `Calendar ${w.next()}`,
      holidays: [{ name: "Works outing", date: "2027-06-01", endDate: "2027-06-02", windows: [{ start: "10:00", end: "12:00" }] }],
    },
  }),
  "PUT /api/holiday-calendars/:id": async (w) => ({
    as: "admin",
    params: { id: await w.calendar() },
    body: { name: `Calendar ${w.next()}`, holidays: [{ name: "Leap day", date: "2028-02-29", repeatsYearly: true }] },
  }),
  "DELETE /api/holiday-calendars/:id": async (w) => ({ as: "admin", params: { id: await w.calendar() } }),
  "POST /api/me/doors/:roomId/unlock/options": async (w) => ({
    as: { cookie: (await w.faceIdMember()).cookie },
    params: { roomId: await w.room() },
  }),
  // A room of the member's own group, with no door: granted, answered at once.
  "POST /api/me/doors/:roomId/unlock": async (w) => {
    const member = await w.faceIdMember();
    const [roomId, groupId] = [await w.room(), await w.group()];
    await w.make("POST", `/api/groups/${groupId}/users/${member.id}`);
    await w.make("POST", `/api/groups/${groupId}/rooms/${roomId}`);
    const options = await member.request("POST", `/api/me/doors/${roomId}/unlock/options`);
    return {
      as: { cookie: member.cookie },
      params: { roomId },
      body: await member.phone.assert(options.json.challenge),
    };
  },
  "PUT /api/me/notification-settings": () => ({ as: "admin", body: { pushAlarms: "critical", emailAlarms: "none" } }),
  // A fresh endpoint each: the same one again would replace, not add. The test app
  // allows a loopback push service (PUSH_ALLOW_PRIVATE); see api/push/routes_test.ts.
  "POST /api/push/subscriptions": (w) => ({ as: "member", body: pushSubscription(`https://203.0.114.7/push/${w.next()}`) }),
  "DELETE /api/push/subscriptions": (w) => ({ as: "member", body: { endpoint: `https://203.0.114.7/push/${w.next()}` } }),
  // A fresh room each: a lockdown left active covers nothing another example uses.
  "POST /api/lockdowns": async (w) => ({
    as: "admin",
    body: { scope: "rooms", roomIds: [await w.room()], reason: `Drill ${w.next()}` },
  }),
  // A fresh alarm each time: one acknowledged or resolved already is refused (409).
  "POST /api/alarms/:id/acknowledge": async (w) => ({ as: "admin", params: { id: await w.alarm() }, body: { note: "On my way" } }),
  "POST /api/alarms/:id/resolve": async (w) => ({ as: "admin", params: { id: await w.alarm() }, body: { note: "A draught, shut again" } }),
  "POST /api/lockdowns/:id/end": async (w) => {
    const lockdown = await w.make("POST", "/api/lockdowns", { scope: "rooms", roomIds: [await w.room()], reason: "Drill" });
    return { as: "admin", params: { id: lockdown.id } };
  },
  "POST /api/webhooks": (w) => ({
    as: "admin",
    body: { url: `https://93.184.215.14/hook/${w.next()}`, description: "Example", eventTypes: ["lockdown.started"] },
  }),
  "PUT /api/webhooks/:id": async (w) => ({
    as: "admin",
    params: { id: await w.webhook() },
    body: { url: "https://93.184.215.14/other", description: "Edited", eventTypes: [], isActive: false },
  }),
  "DELETE /api/webhooks/:id": async (w) => ({ as: "admin", params: { id: await w.webhook() } }),
  "POST /api/webhooks/:id/rotate-secret": async (w) => ({ as: "admin", params: { id: await w.webhook() } }),
  "POST /api/webhooks/:id/test": async (w) => ({ as: "admin", params: { id: await w.webhook() } }),
  "POST /api/webhooks/:id/deliveries/:deliveryId/retry": async (w) => {
    const id = await w.webhook();
    return { as: "admin", params: { id, deliveryId: await w.failedDelivery(id) } };
  },
  "DELETE /api/groups/:id/rooms/:roomId": async (w) => {
    const [id, roomId] = [await w.group(), await w.room()];
    await w.make("POST", `/api/groups/${id}/rooms/${roomId}`);
    return { as: "admin", params: { id, roomId } };
  },

  "POST /api/devices": async (w) => ({
    as: "admin",
    body: {
      name: `Reader ${w.next()}`,
      type: "reader",
      deviceId: `DEV-${w.next()}`,
      manufacturer: "Acme",
      roomId: await w.room(),
    },
  }),
  "PUT /api/devices/:id": async (w) => ({
    as: "admin",
    params: { id: await w.device() },
    body: {
      name: `Reader ${w.next()}`,
      deviceId: `DEV-${w.next()}`,
      type: "reader",
      manufacturer: "Acme",
      roomId: await w.room(),
      lastLockDescription: "Side entrance",
    },
  }),
  "PATCH /api/devices/:id": async (w) => ({
    as: "admin",
    params: { id: await w.device() },
    body: { roomId: await w.room(), isPending: false },
  }),
  "PATCH /api/devices/:id/toggle-active": async (w) => ({
    as: "admin",
    params: { id: await w.device() },
  }),
  "DELETE /api/devices/:id": async (w) => ({ as: "admin", params: { id: await w.device() } }),
  "POST /api/devices/:id/api-key": async (w) => ({ as: "admin", params: { id: await w.device() } }),
  "DELETE /api/devices/:id/api-key": async (w) => {
    const id = await w.device();
    await w.make("POST", `/api/devices/${id}/api-key`);
    return { as: "admin", params: { id } };
  },

  "POST /api/access/decisions": () => ({
    as: "device",
    body: { credential: CARD, action: "Badge Scan" },
  }),
  "POST /api/access/devices/self/commands/:commandId/ack": async (w) => ({
    as: "device",
    params: { commandId: await w.command() },
    body: { result: "unlocked" },
  }),
  "POST /api/access/devices/self/door-events": () => ({
    as: "device",
    body: [{ eventId: crypto.randomUUID(), at: new Date().toISOString(), type: "door.opened", released: true }],
  }),
  "POST /api/access/devices/self/events": () => ({
    as: "device",
    body: [{
      eventId: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
      credential: CARD,
      decision: "denied",
      reason: "unknown_credential",
      action: "Badge Scan",
    }],
  }),

  "POST /api/users": (w) => ({
    as: "admin",
    body: {
      firstName: "Grace",
      lastName: "Hopper",
      email: `grace${w.next()}@example.com`,
      password: TEST_PASSWORD,
    },
  }),
  "PUT /api/users/:id": async (w) => ({
    as: "admin",
    params: { id: await w.user() },
    body: { firstName: "Grace", lastName: "Hopper", email: `hopper${w.next()}@example.com` },
  }),
  "DELETE /api/users/:id": async (w) => ({ as: "admin", params: { id: await w.user() } }),
  "PATCH /api/users/:id/toggle-active": async (w) => ({
    as: "admin",
    params: { id: await w.user() },
  }),
  "POST /api/users/:id/resend-invitation": async (w) => ({
    as: "admin",
    params: { id: await w.user() },
  }),
  "POST /api/users/:id/credentials": async (w) => ({
    as: "admin",
    params: { id: await w.user() },
    body: { type: "HID Prox", facilityCode: "7", cardCode: String(5000 + w.next()) },
  }),
  "PUT /api/users/:id/credentials/:credentialId": async (w) => {
    const id = await w.user();
    return {
      as: "admin",
      params: { id, credentialId: await w.credential(id) },
      body: { type: "EM41", facilityCode: "8", cardCode: String(6000 + w.next()) },
    };
  },
  "DELETE /api/users/:id/credentials/:credentialId": async (w) => {
    const id = await w.user();
    return { as: "admin", params: { id, credentialId: await w.credential(id) } };
  },

  "POST /api/groups": (w) => ({
    as: "admin",
    body: { name: `Night shift ${w.next()}`, description: "Works after dark" },
  }),
  "PUT /api/groups/:id": async (w) => ({
    as: "admin",
    params: { id: await w.group() },
    body: { name: `Day shift ${w.next()}`, description: "Works in daylight", lockdownOverride: true },
  }),
  "PATCH /api/groups/:id/toggle-active": async (w) => ({
    as: "admin",
    params: { id: await w.group() },
  }),
  "DELETE /api/groups/:id": async (w) => ({ as: "admin", params: { id: await w.group() } }),
  "POST /api/groups/:id/users/:userId": async (w) => ({
    as: "admin",
    params: { id: await w.group(), userId: await w.user() },
  }),
  "DELETE /api/groups/:id/users/:userId": async (w) => {
    const [id, userId] = [await w.group(), await w.user()];
    await w.make("POST", `/api/groups/${id}/users/${userId}`);
    return { as: "admin", params: { id, userId } };
  },
  "POST /api/scim-tokens": (w) => ({ as: "admin", body: { name: `Okta ${w.next()}` } }),
  "DELETE /api/scim-tokens/:id": async (w) => ({
    as: "admin",
    params: { id: (await w.make("POST", "/api/scim-tokens", { name: `Entra ${w.next()}` })).id },
  }),

  "POST /api/stripe/verification-session": () => ({ as: "member" }),
  "POST /api/stripe/webhook": async (w) => {
    const event = {
      id: `evt_${w.next()}`,
      object: "event",
      created: Math.floor(Date.now() / 1000),
      type: "identity.verification_session.processing",
      data: {
        object: {
          id: `vs_unknown_${w.next()}`,
          object: "identity.verification_session",
          status: "processing",
          url: null,
          last_error: null,
          metadata: {},
        },
      },
    };
    const signature = await stripeSignature(
      JSON.stringify(event),
      STRIPE_SIMULATOR_WEBHOOK_SECRET,
      event.created,
    );
    return { as: "anonymous", body: event, headers: { "stripe-signature": signature } };
  },

  "POST /api/lastlock/devices/discover": () => ({ as: "admin" }),
  "POST /api/lastlock/devices/:id/approve": async (w) => ({
    as: "admin",
    params: { id: await w.pendingLock() },
  }),
  "POST /api/lastlock/devices/:id/credentials/:credentialId": async (w) => ({
    as: "admin",
    params: { id: await w.approvedLock(), credentialId: await w.lastLockCredential() },
  }),
  "DELETE /api/lastlock/devices/:id/credentials/:credentialId": async (w) => {
    const [id, credentialId] = [await w.approvedLock(), await w.lastLockCredential()];
    await w.make("POST", `/api/lastlock/devices/${id}/credentials/${credentialId}`);
    return { as: "admin", params: { id, credentialId } };
  },
  "POST /api/lastlock/users/:id/credentials": async (w) => ({
    as: "admin",
    params: { id: await w.user() },
    body: {
      credentialType: "HID_PROX_CORP_1000",
      credentialData: btoa(`badge ${w.next()}`),
      scheduleData: JSON.stringify({ range_schedule: { start: "09:00", end: "17:00" } }),
    },
  }),

  "POST /api/unifi/devices/discover": () => ({ as: "admin" }),
};

/** The route's path with its parameters put in (as given: the caller encodes them). */
export function fillPath(path: string, params: Record<string, string | number> = {}) {
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${path}: no value for :${name}`);
    return String(params[name]);
  });
}

/** Sends the example to `path` (filled in) as its caller; `raw` replaces its JSON body. */
export async function send(
  w: World,
  method: string,
  path: string,
  example: Example,
  options: { raw?: string } = {},
) {
  const headers: Record<string, string> = { ...example.headers };
  const as = example.as;
  if (as === "admin") headers.cookie = w.admin.cookie;
  else if (as === "member") headers.cookie = w.member.cookie;
  else if (as === "device") headers.authorization = `Bearer ${w.deviceKey}`;
  else if (typeof as === "object") headers.cookie = as.cookie;
  const raw = options.raw ??
    (example.body === undefined ? undefined : JSON.stringify(example.body));
  if (raw !== undefined) headers["content-type"] = "application/json";
  return await w.app.request(method, path, { raw, headers });
}

/** A browser's push subscription to `endpoint`, with keys of the right sizes (65-byte point, 16-byte secret). */
export function pushSubscription(endpoint: string) {
  const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  const point = new Uint8Array(65).fill(7);
  point[0] = 4;
  return { endpoint, keys: { p256dh: b64url(point), auth: b64url(new Uint8Array(16).fill(9)) } };
}
