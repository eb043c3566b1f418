// The audit events of refused sign-ins and of a device key's rotation (spec 3 §5):
// a failed sign-in (wrong password, unknown e-mail, deactivated account) and a
// throttled one, by password or by passkey, are written although the request is
// refused, with the e-mail tried, the reason and the caller's address; a second key
// for a device is `device.key.rotate`, the key itself only "[redacted]".
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, TEST_ORIGIN, TEST_PASSWORD } from "../testing/test_app.ts";

const ADDRESS = "203.0.113.7";

type Event = {
  id: number;
  action: string;
  actorType: string;
  actorId: number | null;
  actorName: string;
  targetType: string | null;
  targetId: number | null;
  targetName: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
};

describeApp("audit events of refused sign-ins and key rotation", async (t, app) => {
  const annId = await addUser(app.sql, { email: "ann@example.com" });
  const goneId = await addUser(app.sql, { email: "gone@example.com", isActive: false });
  await addUser(app.sql, { email: "admin@example.com", admin: true });

  /** A public POST from ADDRESS (the peer address Deno.serve hands the app). */
  const post = async (path: string, body: unknown) => {
    const res = await app.app.request(
      new URL(path, TEST_ORIGIN),
      {
        method: "POST",
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "user-agent": "audit-test",
        },
        body: JSON.stringify(body),
      },
      { remoteAddr: { hostname: ADDRESS } },
    );
    await res.body?.cancel();
    return res.status;
  };
  const signIn = (email: string, password: string) =>
    post("/api/auth/login", { email, password });
  let seen = 0;
  /** The events written since the last call. */
  const newEvents = async () => {
    const events = await app.sql<Event[]>`
      select id, action, actor_type, actor_id, actor_name, target_type, target_id,
        target_name, changes, ip, user_agent
      from audit_events where id > ${seen} order by id`;
    if (events.length) seen = events.at(-1)!.id;
    return events;
  };
  await newEvents();

  const failed = (email: string, userId: number | null, reason: string) => ({
    action: "auth.sign_in_failed",
    actorType: "user",
    actorId: null,
    actorName: email,
    targetType: "user",
    targetId: userId,
    targetName: email,
    changes: { email: [null, email], reason: [null, reason] },
    ip: ADDRESS,
    userAgent: "audit-test",
  });
  const strip = ({ id: _id, ...event }: Event) => event;

  await t.step("a wrong password: auth.sign_in_failed, reason invalid, although 401", async () => {
    assertEquals(await signIn("ann@example.com", "not the password"), 401);
    assertEquals((await newEvents()).map(strip), [failed("ann@example.com", annId, "invalid")]);
  });

  await t.step("an unknown e-mail: the e-mail tried, no user", async () => {
    assertEquals(await signIn("nobody@example.com", "whatever pass"), 401);
    assertEquals((await newEvents()).map(strip), [failed("nobody@example.com", null, "invalid")]);
  });

  await t.step("a deactivated account: reason deactivated, although 403", async () => {
    assertEquals(await signIn("gone@example.com", TEST_PASSWORD), 403);
    assertEquals((await newEvents()).map(strip), [
      failed("gone@example.com", goneId, "deactivated"),
    ]);
  });

  const throttled = (email: string) => ({
    action: "auth.sign_in_throttled",
    actorType: "user",
    actorId: null,
    actorName: email,
    targetType: "user",
    targetId: null,
    targetName: email,
    changes: { email: [null, email] },
    ip: ADDRESS,
    userAgent: "audit-test",
  });

  await t.step("a throttled password sign-in: auth.sign_in_throttled, although 429", async () => {
    // Ann has one failure already: four more reach the account's limit of five.
    for (let i = 0; i < 4; i++) assertEquals(await signIn("ann@example.com", "wrong again"), 401);
    assertEquals((await newEvents()).length, 4);
    assertEquals(await signIn("ann@example.com", TEST_PASSWORD), 429);
    assertEquals((await newEvents()).map(strip), [throttled("ann@example.com")]);
  });

  await t.step("a throttled passkey sign-in is recorded the same way", async () => {
    assertEquals(await post("/api/auth/passkey/login/options", { email: "ann@example.com" }), 429);
    assertEquals((await newEvents()).map(strip), [throttled("ann@example.com")]);
  });

  await t.step("a second key for a device is device.key.rotate, the key redacted", async () => {
    const admin = await app.login("admin@example.com");
    await newEvents();
    const device = (await admin.request("POST", "/api/devices", {
      body: { name: "Side Door", type: "reader", deviceId: "DEV-SIDE", manufacturer: "Acme" },
    })).json;
    const first = await admin.request("POST", `/api/devices/${device.id}/api-key`);
    const second = await admin.request("POST", `/api/devices/${device.id}/api-key`);
    assertEquals([first.status, second.status], [201, 201]);
    const events = await newEvents();
    const keyEvents = events.filter((e) => e.action.startsWith("device.key."));
    assertEquals(
      keyEvents.map((e) => [e.action, e.targetType, e.targetId, e.targetName, e.changes]),
      [
        ["device.key.create", "device", device.id, "Side Door", { apiKey: [null, "[redacted]"] }],
        ["device.key.rotate", "device", device.id, "Side Door", {
          apiKey: ["[redacted]", "[redacted]"],
        }],
      ],
    );
    assertEquals(keyEvents[1].actorId, admin.user.id);
    const stored = await app.sql<{ text: string }[]>`select changes::text as text from audit_events`;
    for (const key of [first.json.apiKey, second.json.apiKey]) {
      assert(typeof key === "string" && key.length > 10);
      assert(!stored.some((row) => row.text.includes(key)), "the key is never stored");
    }
  });
});
