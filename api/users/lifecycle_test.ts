// Deactivation and deletion (spec 1 §4): what a user loses, and what history keeps.
import { assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp, TEST_PASSWORD } from "../testing/test_app.ts";
import { belongingsLeft, giveBelongings } from "../testing/belongings.ts";

describeApp("users: deactivate and reactivate", async (t, { sql, login, request }) => {
  const adminId = await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const annId = await addUser(sql, { email: "ann@example.com", firstName: "Ann" });

  await t.step(
    "PATCH toggle-active deactivates, answers the user, ends every session",
    async () => {
      const phone = await login("ann@example.com");
      const laptop = await login("ann@example.com");
      const res = await admin.request("PATCH", `/api/users/${annId}/toggle-active`);
      assertEquals(res.status, 200);
      assertEquals(res.json.id, annId);
      assertEquals(res.json.isActive, false);
      assertEquals((await phone.request("GET", "/api/auth/me")).status, 401);
      assertEquals((await laptop.request("GET", `/api/users/${annId}/groups`)).status, 401);
      const [{ n }] = await sql`select count(*)::int as n from sessions where user_id = ${annId}`;
      assertEquals(n, 0);
    },
  );

  await t.step("a deactivated user cannot sign in", async () => {
    const res = await request("POST", "/api/auth/login", {
      body: { email: "ann@example.com", password: TEST_PASSWORD },
    });
    assertEquals(res.status, 403);
  });

  await t.step("the list still shows the deactivated user, as inactive", async () => {
    const res = await admin.request("GET", "/api/users");
    const ann = res.json.find((u: { id: number }) => u.id === annId);
    assertEquals(ann.isActive, false);
  });

  await t.step("toggling again reactivates: the user can sign in again", async () => {
    const res = await admin.request("PATCH", `/api/users/${annId}/toggle-active`);
    assertEquals(res.status, 200);
    assertEquals(res.json.isActive, true);
    const ann = await login("ann@example.com");
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 200);
  });

  await t.step("a deactivated admin is no admin: their cookie is refused", async () => {
    await addUser(sql, { email: "second@example.com", admin: true });
    const second = await login("second@example.com");
    const secondId = second.user.id;
    assertEquals((await second.request("GET", "/api/users")).status, 200);
    const res = await admin.request("PATCH", `/api/users/${secondId}/toggle-active`);
    assertEquals(res.json.isActive, false);
    assertEquals((await second.request("GET", "/api/users")).status, 401);
  });

  await t.step("an admin cannot deactivate themself (409), and stays active", async () => {
    const res = await admin.request("PATCH", `/api/users/${adminId}/toggle-active`);
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "You cannot deactivate your own account");
    assertEquals((await admin.request("GET", `/api/users/${adminId}`)).json.isActive, true);
  });
});

describeApp("users: delete is permanent, history stays", async (t, { sql, login }) => {
  const adminId = await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const leaverId = await addUser(sql, {
    email: "leaver@example.com",
    firstName: "Lee",
    lastName: "Leaver",
  });
  const group = { id: await giveBelongings(sql, leaverId, "Staff") };
  // One log row with the name snapshot, one written without it.
  await sql`insert into access_logs (user_id, user_name, action, outcome)
    values (${leaverId}, 'Lee Leaver', 'Badge Scan', 'success'),
           (${leaverId}, null, 'Badge Scan', 'denied')`;

  await t.step(
    "DELETE removes the user, memberships, credentials, passkeys, sessions",
    async () => {
      const leaver = await login("leaver@example.com");
      const res = await admin.request("DELETE", `/api/users/${leaverId}`);
      assertEquals(res.status, 200);
      assertEquals(res.json, { success: true, id: leaverId });
      assertEquals((await leaver.request("GET", "/api/auth/me")).status, 401);
      const [{ users }] =
        await sql`select count(*)::int as users from users where id = ${leaverId}`;
      assertEquals(
        { users, ...(await belongingsLeft(sql, leaverId)) },
        { users: 0, groups: 0, credentials: 0, passkeys: 0, sessions: 0 },
      );
      assertEquals((await admin.request("GET", `/api/users/${leaverId}`)).status, 404);
      const members = await admin.request("GET", `/api/groups/${group.id}/users`);
      assertEquals(members.json, []);
    },
  );

  await t.step("access logs keep their rows with the user's name as it was", async () => {
    const logs = await sql`select user_id, user_name, outcome from access_logs order by id`;
    assertEquals(logs.map((r) => ({ ...r })), [
      { userId: null, userName: "Lee Leaver", outcome: "success" },
      { userId: null, userName: "Lee Leaver", outcome: "denied" },
    ]);
  });

  await t.step("deleting again is 404", async () => {
    const res = await admin.request("DELETE", `/api/users/${leaverId}`);
    assertEquals(res.status, 404);
    assertEquals(res.json.error, "User not found");
  });

  await t.step("an admin cannot delete themself (409)", async () => {
    const res = await admin.request("DELETE", `/api/users/${adminId}`);
    assertEquals(res.status, 409);
    assertMatch(res.json.error, /cannot delete your own account/);
    assertEquals((await admin.request("GET", `/api/users/${adminId}`)).status, 200);
  });

  await t.step("invitations of a deleted user go with them", async () => {
    const id = await addUser(sql, { email: "invited@example.com" });
    assertEquals((await admin.request("POST", `/api/users/${id}/resend-invitation`)).status, 202);
    assertEquals((await admin.request("DELETE", `/api/users/${id}`)).status, 200);
    const [{ n }] = await sql`select count(*)::int as n from invitations where user_id = ${id}`;
    assertEquals(n, 0);
  });
});
