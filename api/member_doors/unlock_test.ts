// Unlock with Face ID (spec 3 §4), with a software authenticator's real assertions
// and the reference controller running against the app on a loopback port: the
// granted unlock reaches the door, which acknowledges it; every denial reason; the
// challenge's bounds (used once, 60 seconds, this room, this user); user verification
// required; no passkey; another user's passkey; the per-user throttle; bad input.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { SoftAuthenticator } from "../testing/soft_authenticator.ts";
import { addUser, describeApp, TEST_ORIGIN, type TestApp } from "../testing/test_app.ts";
import { building } from "../access/testing.ts";
import { connectedDoor } from "../../door/testing.ts";
import { UNLOCK_BURST } from "./throttle.ts";

type Member = Awaited<ReturnType<TestApp["login"]>>;

/** Registers a passkey for the signed-in member through the app, as the browser would. */
async function setUpFaceId(member: Member) {
  const phone = await SoftAuthenticator.create(TEST_ORIGIN);
  const options = (await member.request("POST", "/api/auth/passkey/register/options")).json;
  const res = await member.request("POST", "/api/auth/passkey/register/verify", { body: await phone.register(options.challenge) });
  assertEquals(res.status, 201);
  return phone;
}

describeApp("unlock with Face ID", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const ada = await testApp.login("ada@example.com");
  const { door, lines, waitFor, close } = await connectedDoor(testApp, b.apiKey);
  let phone: SoftAuthenticator;
  const options = async (roomId = b.roomId, who = ada) => await who.request("POST", `/api/me/doors/${roomId}/unlock/options`);
  /** Options, the authenticator's assertion, the unlock: the whole tap. */
  const tap = async (roomId = b.roomId, assertion: { userVerified?: boolean } = {}) => {
    // Ada taps more often than the throttle allows: it has a step of its own.
    await sql`delete from unlock_throttle where user_id = ${b.userId}`;
    const opts = await options(roomId);
    assertEquals(opts.status, 200, opts.text);
    return await ada.request("POST", `/api/me/doors/${roomId}/unlock`, { body: await phone.assert(opts.json.challenge, assertion) });
  };
  const logRow = async (id: number) =>
    (await sql`select user_id, device_id, room_id, credential_type, action, outcome, reason from access_logs where id = ${id}`)[0];
  const logCount = async () => (await sql`select count(*)::int as n from access_logs`)[0].n as number;
  const commandCount = async () => (await sql`select count(*)::int as n from device_commands`)[0].n as number;

  try {
    await t.step("without a passkey: 400 Set up Face ID to unlock doors", async () => {
      const res = await options();
      assertEquals([res.status, res.json.error], [400, "Set up Face ID to unlock doors"]);
    });

    phone = await setUpFaceId(ada);
    await door.start();
    await waitFor(/stream connected/);

    await t.step("the options: the user's own passkey, user verification required, 60 seconds", async () => {
      const res = await options();
      assertEquals(res.status, 200);
      assertEquals(res.json.userVerification, "required");
      assertEquals(res.json.allowCredentials.map((c: { id: string }) => c.id), [phone.id]);
      assertEquals(res.json.timeout, 60_000);
      const [stored] = await sql`select user_id, room_id, round(extract(epoch from expires_at - created_at))::int as seconds
        from passkey_challenges where challenge = ${res.json.challenge}`;
      assertEquals({ ...stored }, { userId: b.userId, roomId: b.roomId, seconds: 60 });
    });

    await t.step("granted: the door hears the command, opens and acknowledges; the answer lists it", async () => {
      const res = await tap();
      assertEquals(res.status, 200, res.text);
      assertEquals(res.json, {
        decision: "granted",
        message: "Door unlocked",
        logId: res.json.logId,
        doors: [{ deviceId: b.deviceId, name: "Lab Reader", result: "unlocked" }],
      });
      assert(lines.includes("door unlocked remotely for Ada Lovelace"), lines.join("\n"));
      assertEquals({ ...(await logRow(res.json.logId)) }, {
        userId: b.userId,
        deviceId: null,
        roomId: b.roomId,
        credentialType: "Face ID",
        action: "Mobile Unlock",
        outcome: "success",
        reason: null,
      });
    });

    await t.step("a door that does not answer within 3 seconds: no answer (and its command expires)", async () => {
      const made = await b.admin.request("POST", "/api/devices", { body: { name: "Lab Side Door", type: "lock", roomId: b.roomId } });
      assertEquals((await b.admin.request("POST", `/api/devices/${made.json.id}/api-key`)).status, 201);
      const started = Date.now();
      const res = await tap();
      const took = Date.now() - started;
      assertEquals(res.json.doors, [
        { deviceId: b.deviceId, name: "Lab Reader", result: "unlocked" },
        { deviceId: made.json.id, name: "Lab Side Door", result: "no answer" },
      ]);
      assert(took >= 3_000 && took < 4_500, `answered after ${took} ms`);
      const [command] = await sql`select expires_at <= now() as expired from device_commands where device_id = ${made.json.id}`;
      assertEquals(command.expired, true);
      await sql`delete from devices where id = ${made.json.id}`;
    });

    await t.step("a challenge works once", async () => {
      const opts = await options();
      const assertion = await phone.assert(opts.json.challenge);
      assertEquals((await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: assertion })).status, 200);
      const before = await logCount();
      const again = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: assertion });
      assertEquals([again.status, again.json.error], [400, "This unlock request has expired. Please try again."]);
      assertEquals(await logCount(), before);
    });

    await t.step("an expired challenge is refused", async () => {
      const opts = await options();
      await sql`update passkey_challenges set expires_at = now() - interval '1 second' where challenge = ${opts.json.challenge}`;
      const res = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: await phone.assert(opts.json.challenge) });
      assertEquals([res.status, res.json.error], [400, "This unlock request has expired. Please try again."]);
    });

    const [other] = await sql`insert into rooms (name) values ('Vault') returning id`;

    await t.step("a challenge for another room opens nothing, and is spent", async () => {
      const opts = await options(other.id);
      const assertion = await phone.assert(opts.json.challenge);
      const before = [await logCount(), await commandCount()];
      const res = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: assertion });
      assertEquals([res.status, res.json.error], [400, "This unlock request has expired. Please try again."]);
      const own = await ada.request("POST", `/api/me/doors/${other.id}/unlock`, { body: assertion });
      assertEquals(own.status, 400);
      assertEquals([await logCount(), await commandCount()], before);
    });

    await t.step("an assertion without user verification is refused, and nothing is logged", async () => {
      const before = [await logCount(), await commandCount()];
      const res = await tap(b.roomId, { userVerified: false });
      assertEquals([res.status, res.json.error], [400, "Face ID authentication failed"]);
      assertEquals([await logCount(), await commandCount()], before);
    });

    await t.step("another user's passkey opens nothing for this user", async () => {
      await addUser(sql, { email: "bob@example.com", firstName: "Bob", lastName: "Stone" });
      const bob = await testApp.login("bob@example.com");
      const bobsPhone = await setUpFaceId(bob);
      const opts = await options();
      const res = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: await bobsPhone.assert(opts.json.challenge) });
      assertEquals([res.status, res.json.error], [400, "Face ID authentication failed"]);
      // Nor does Bob's session take Ada's challenge.
      const adas = await options();
      const stolen = await bob.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body: await bobsPhone.assert(adas.json.challenge) });
      assertEquals([stolen.status, stolen.json.error], [400, "This unlock request has expired. Please try again."]);
    });

    /** A denied tap: 403 with the reason, logged as denied with its message, no command sent. */
    const denied = async (roomId: number, reason: string, message: string) => {
      const commands = await commandCount();
      const res = await tap(roomId);
      assertEquals(res.status, 403, res.text);
      assertEquals(res.json, { error: message, code: "forbidden", reason, logId: res.json.logId });
      assertEquals({ ...(await logRow(res.json.logId)) }, {
        userId: b.userId,
        deviceId: null,
        roomId,
        credentialType: "Face ID",
        action: "Mobile Unlock",
        outcome: "denied",
        reason: message,
      });
      assertEquals(await commandCount(), commands);
      // The doors list says the same.
      const listed = (await ada.request("GET", "/api/me/doors")).json.find((d: { roomId: number }) => d.roomId === roomId);
      if (listed) assertEquals([listed.canOpenNow, listed.reason, listed.message], [false, reason, message]);
    };

    await t.step("denied: a room none of the user's groups holds", async () => {
      await denied(other.id, "no_group_access", "No access to this room");
    });

    await t.step("denied: outside the grant's schedule", async () => {
      const closed = await b.admin.request("POST", "/api/schedules", {
        body: { name: "Never", timeZone: "UTC", weekly: {} },
      });
      assertEquals(closed.status, 201, closed.text);
      const put = await b.admin.request("PUT", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: closed.json.id } });
      assertEquals(put.status, 200, put.text);
      await denied(b.roomId, "outside_schedule", "Outside the allowed hours for this room");
      await b.admin.request("PUT", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: null } });
    });

    await t.step("denied: a lockdown of the room; a group with lockdown override opens it", async () => {
      const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
      assertEquals(started.status, 201);
      await denied(b.roomId, "lockdown", "Lockdown in effect");
      await sql`update groups set lockdown_override = true where id = ${b.groupId}`;
      assertEquals((await tap()).status, 200);
      await sql`update groups set lockdown_override = false where id = ${b.groupId}`;
      await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    });

    await t.step("denied: a deactivated room", async () => {
      await sql`update rooms set is_active = false where id = ${b.roomId}`;
      await denied(b.roomId, "room_inactive", "Room is deactivated");
      await sql`update rooms set is_active = true where id = ${b.roomId}`;
    });

    await t.step("the throttle: a burst of attempts, then 429 with Retry-After until one is earned back", async () => {
      await addUser(sql, { email: "quick@example.com" });
      const quick = await testApp.login("quick@example.com");
      await setUpFaceId(quick);
      for (let i = 0; i < UNLOCK_BURST; i++) assertEquals((await options(b.roomId, quick)).status, 200);
      const refused = await options(b.roomId, quick);
      assertEquals(refused.status, 429);
      const wait = Number(refused.headers.get("retry-after"));
      assert(wait >= 1 && wait <= 6, `Retry-After ${wait}`);
      assertMatch(refused.json.error, /^Too many unlock attempts\. Please try again in \d seconds?\.$/);
      // Another user is not held back.
      assertEquals((await options()).status, 200);
      // Six seconds later (the bucket's clock moved back) one attempt is earned back.
      await sql`update unlock_throttle set updated_at = updated_at - interval '6 seconds' where user_id = ${quick.user.id}`;
      assertEquals((await options(b.roomId, quick)).status, 200);
      assertEquals((await options(b.roomId, quick)).status, 429);
    });

    await t.step("anonymous callers are refused", async () => {
      for (const [method, path] of [
        ["GET", "/api/me/doors"],
        ["GET", "/api/me/lockdowns"],
        ["GET", "/api/me/stream"],
        ["POST", `/api/me/doors/${b.roomId}/unlock/options`],
        ["POST", `/api/me/doors/${b.roomId}/unlock`],
      ]) {
        const res = await testApp.request(method, path, { body: method === "POST" ? await phone.assert("x") : undefined });
        assertEquals(res.status, 401, `${method} ${path}`);
      }
    });

    await t.step("bad input: odd room ids, an unknown room, a body that is no assertion", async () => {
      for (const id of ["abc", "0", "01", "-1", "99999999999"]) {
        assertEquals((await ada.request("POST", `/api/me/doors/${id}/unlock/options`)).status, 400, id);
        assertEquals((await ada.request("POST", `/api/me/doors/${id}/unlock`, { body: {} })).status, 400, id);
      }
      const unknown = await ada.request("POST", "/api/me/doors/987654/unlock/options");
      assertEquals([unknown.status, unknown.json.error], [404, "Room not found"]);
      const before = await logCount();
      for (const body of [{}, { credentialId: 5 }, { credentialId: "abc", signature: "!!", authenticatorData: "a", clientDataJSON: "a" }]) {
        const res = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { body });
        assertEquals(res.status, 400, JSON.stringify(body));
      }
      const notJson = await ada.request("POST", `/api/me/doors/${b.roomId}/unlock`, { raw: "{oops", headers: { "content-type": "application/json" } });
      assertEquals(notJson.status, 400);
      assertEquals(await logCount(), before);
    });
  } finally {
    await close();
  }
});
