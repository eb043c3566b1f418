// Passkey registration and sign-in with a software authenticator producing
// real WebAuthn data, verified by the server exactly as a phone's would be.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { SoftAuthenticator } from "../testing/soft_authenticator.ts";
import { addUser, describeApp, sessionCookie, TEST_ORIGIN } from "../testing/test_app.ts";

describeApp("passkeys", async (t, { request, sql, login }) => {
  const userId = await addUser(sql, {
    email: "pat@example.com",
    firstName: "Pat",
    lastName: "Kim",
  });
  await addUser(sql, { email: "other@example.com" });
  const phone = await SoftAuthenticator.create(TEST_ORIGIN);

  const loginOptions = async (email = "pat@example.com") =>
    (await request("POST", "/api/auth/passkey/login/options", { body: { email } })).json;

  await t.step("check says no passkeys before registration", async () => {
    const res = await request("GET", "/api/auth/passkey/check/pat%40example.com");
    assertEquals(res.json, { hasPasskeys: false });
  });

  await t.step("registration needs a session", async () => {
    assertEquals((await request("POST", "/api/auth/passkey/register/options")).status, 401);
  });

  await t.step("a signed-in user registers a passkey", async () => {
    const pat = await login("pat@example.com");
    const options = (await pat.request("POST", "/api/auth/passkey/register/options")).json;
    assertEquals(typeof options.challenge, "string");
    assertEquals(typeof options.user.id, "string");
    assertEquals(options.rp.id, "localhost");
    const res = await pat.request("POST", "/api/auth/passkey/register/verify", {
      body: await phone.register(options.challenge),
    });
    assertEquals(res.status, 201);
    const [stored] =
      await sql`select user_id, counter::int, transports from passkeys where credential_id = ${phone.id}`;
    assertEquals(stored, { userId, counter: 0, transports: ["internal"] });
  });

  await t.step("a registration challenge works once", async () => {
    const pat = await login("pat@example.com");
    const options = (await pat.request("POST", "/api/auth/passkey/register/options")).json;
    const second = await SoftAuthenticator.create(TEST_ORIGIN);
    const payload = await second.register(options.challenge);
    assertEquals(
      (await pat.request("POST", "/api/auth/passkey/register/verify", { body: payload })).status,
      201,
    );
    const replay = await pat.request("POST", "/api/auth/passkey/register/verify", {
      body: payload,
    });
    assertEquals(replay.status, 400);
    assertMatch(replay.json.error, /expired/);
  });

  await t.step("a registration from another origin is refused", async () => {
    const pat = await login("pat@example.com");
    const options = (await pat.request("POST", "/api/auth/passkey/register/options")).json;
    const rogue = await SoftAuthenticator.create(TEST_ORIGIN);
    const res = await pat.request("POST", "/api/auth/passkey/register/verify", {
      body: await rogue.register(options.challenge, { origin: "https://evil.example" }),
    });
    assertEquals(res.status, 400);
    assertEquals(res.json.error, "Failed to register Face ID. Please try again.");
  });

  await t.step("check now says yes; options list the credentials", async () => {
    assertEquals((await request("GET", "/api/auth/passkey/check/PAT%40example.com")).json, {
      hasPasskeys: true,
    });
    const options = await loginOptions();
    assert(options.allowCredentials.some((c: { id: string }) => c.id === phone.id));
  });

  await t.step("signs in with the passkey and saves the new counter", async () => {
    const options = await loginOptions();
    const res = await request("POST", "/api/auth/passkey/login/verify", {
      body: await phone.assert(options.challenge),
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.user.id, userId);
    assertEquals(
      (await request("GET", "/api/auth/me", { cookie: sessionCookie(res.headers) })).status,
      200,
    );
    const [row] =
      await sql`select counter::int, last_used_at from passkeys where credential_id = ${phone.id}`;
    assertEquals(row.counter, 1);
    assert(row.lastUsedAt instanceof Date);
  });

  await t.step("an authentication challenge is single-use", async () => {
    const options = await loginOptions();
    const assertion = await phone.assert(options.challenge);
    assertEquals(
      (await request("POST", "/api/auth/passkey/login/verify", { body: assertion })).status,
      200,
    );
    const replay = await request("POST", "/api/auth/passkey/login/verify", { body: assertion });
    assertEquals(replay.status, 400);
    assertMatch(replay.json.error, /expired/);
  });

  await t.step("a challenge older than 5 minutes is refused", async () => {
    const options = await loginOptions();
    await sql`update passkey_challenges set expires_at = now() - interval '1 second'
      where challenge = ${options.challenge}`;
    const res = await request("POST", "/api/auth/passkey/login/verify", {
      body: await phone.assert(options.challenge),
    });
    assertEquals(res.status, 400);
  });

  await t.step("a credential must belong to the account asked for", async () => {
    const options = await request("POST", "/api/auth/passkey/login/options", {
      body: { email: "other@example.com" },
    });
    assertEquals(options.status, 400);
    assertEquals(options.json.error, "No Face ID is set up for this account");
    // A challenge issued for Pat cannot be used by a credential of someone else.
    await sql`update passkeys set user_id = (select id from users where email = 'other@example.com')
      where credential_id <> ${phone.id}`;
    const patOptions = await loginOptions();
    const foreign =
      (await sql`select credential_id from passkeys where credential_id <> ${phone.id}`)[0];
    const forged = {
      ...(await phone.assert(patOptions.challenge)),
      credentialId: foreign.credentialId,
    };
    const res = await request("POST", "/api/auth/passkey/login/verify", { body: forged });
    assertEquals(res.status, 401);
    assertEquals(res.json.error, "Face ID authentication failed");
  });

  await t.step("a bad signature is refused", async () => {
    const options = await loginOptions();
    const assertion = await phone.assert(options.challenge);
    const res = await request("POST", "/api/auth/passkey/login/verify", {
      body: { ...assertion, signature: assertion.signature.slice(0, -4) + "AAAA" },
    });
    assertEquals(res.status, 401);
  });

  await t.step("a deactivated user's passkey does not sign in", async () => {
    const options = await loginOptions();
    await sql`update users set is_active = false where id = ${userId}`;
    const res = await request("POST", "/api/auth/passkey/login/verify", {
      body: await phone.assert(options.challenge),
    });
    assertEquals(res.status, 403);
    assertEquals((await request("GET", "/api/auth/passkey/check/pat%40example.com")).json, {
      hasPasskeys: false,
    });
  });

  await t.step("bad input is 400", async () => {
    assertEquals((await request("GET", "/api/auth/passkey/check/not-an-email")).status, 400);
    assertEquals(
      (await request("POST", "/api/auth/passkey/login/options", { body: {} })).status,
      400,
    );
    const res = await request("POST", "/api/auth/passkey/login/verify", {
      body: { credentialId: "abc" },
    });
    assertEquals(res.status, 400);
    assertMatch(res.json.error, /signature: is required/);
    const junk = await request("POST", "/api/auth/passkey/login/verify", {
      body: {
        credentialId: "abc",
        signature: "abc",
        authenticatorData: "abc",
        clientDataJSON: "bm90IGpzb24",
      },
    });
    assertEquals(junk.status, 400);
    assertEquals(junk.json.error, "clientDataJSON is not valid");
  });
});
