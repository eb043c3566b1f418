import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { sweep } from "./housekeeping.ts";

describeApp("housekeeping removes only what has expired", async (t, { sql, login }) => {
  await addUser(sql, { email: "a@example.com" });
  const live = await login("a@example.com");
  await login("a@example.com"); // a second, separate session
  await sql`update sessions set expires_at = now() - interval '1 minute'
    where token_hash = (select token_hash from sessions order by created_at desc limit 1)`;
  await sql`insert into passkey_challenges (challenge, kind, expires_at) values
    ('old', 'authentication', now() - interval '1 minute'), ('new', 'authentication', now() + interval '5 minutes')`;
  await sql`insert into sign_in_failures (key, at) values ('ip:x', now() - interval '1 hour'), ('ip:y', now())`;

  await t.step("sweeps", async () => {
    assertEquals(await sweep(sql, 60), { sessions: 1 });
    assertEquals((await live.request("GET", "/api/auth/me")).status, 200);
    assertEquals((await sql`select challenge from passkey_challenges`).map((r) => r.challenge), [
      "new",
    ]);
    assertEquals((await sql`select key from sign_in_failures`).map((r) => r.key), ["ip:y"]);
  });
});
