// Nobody can lock the product out of its dashboard: at least one active user
// must stay in the active Admin group, whatever an admin does.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("admins: the last active admin is kept", async (t, { sql, login }) => {
  const adaId = await addUser(sql, { email: "ada@example.com", admin: true });
  const ada = await login("ada@example.com");
  const [{ id: adminGroup }] = await sql`select id from groups where name = 'Admin'`;
  const [{ id: staff }] = await sql`insert into groups (name) values ('Staff') returning id`;

  await t.step("the last admin cannot leave the Admin group (409)", async () => {
    const res = await ada.request("DELETE", `/api/groups/${adminGroup}/users/${adaId}`);
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "You cannot remove the last active admin from the Admin group");
    assertEquals((await ada.request("GET", "/api/users")).status, 200, "still admin");
  });

  await t.step("the Admin group cannot be deactivated, deleted or renamed away", async () => {
    const off = await ada.request("PATCH", `/api/groups/${adminGroup}/toggle-active`);
    assertEquals(off.status, 409);
    assertEquals(
      off.json.error,
      "The Admin group cannot be deactivated: no active administrator would be left",
    );
    const del = await ada.request("DELETE", `/api/groups/${adminGroup}`);
    assertEquals(del.status, 409);
    const rename = await ada.request("PUT", `/api/groups/${adminGroup}`, {
      body: { name: "Former admins", description: "x" },
    });
    assertEquals(rename.status, 409);
    assertEquals(rename.json.error, "Renaming the Admin group would leave no active administrator");
    const [group] = await sql`select name, is_active from groups where id = ${adminGroup}`;
    assertEquals({ ...group }, { name: "Admin", isActive: true });
  });

  await t.step("the Admin group's description can still be edited", async () => {
    const res = await ada.request("PUT", `/api/groups/${adminGroup}`, {
      body: { name: "Admin", description: "People who run Threshold" },
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.description, "People who run Threshold");
  });

  await t.step("with a second admin, one may leave; they lose admin rights at once", async () => {
    const benId = await addUser(sql, { email: "ben@example.com" });
    assertEquals(
      (await ada.request("POST", `/api/groups/${adminGroup}/users/${benId}`)).status,
      201,
    );
    const ben = await login("ben@example.com");
    assertEquals((await ben.request("GET", "/api/users")).status, 200, "ben is admin");
    const res = await ben.request("DELETE", `/api/groups/${adminGroup}/users/${benId}`);
    assertEquals(res.status, 200);
    assertEquals((await ben.request("GET", "/api/users")).status, 403);
  });

  await t.step("a deactivated admin does not count as the admin who remains", async () => {
    const cyId = await addUser(sql, { email: "cy@example.com" });
    await ada.request("POST", `/api/groups/${adminGroup}/users/${cyId}`);
    await ada.request("PATCH", `/api/users/${cyId}/toggle-active`);
    const res = await ada.request("DELETE", `/api/groups/${adminGroup}/users/${adaId}`);
    assertEquals(res.status, 409);
  });

  await t.step("other groups are free to change", async () => {
    assertEquals((await ada.request("PATCH", `/api/groups/${staff}/toggle-active`)).status, 200);
    assertEquals((await ada.request("DELETE", `/api/groups/${staff}`)).status, 200);
  });

  await t.step("no second group can take the name Admin (names are unique)", async () => {
    // Admin status is membership in the group named Admin: there is only ever one.
    const [{ id: ops }] = await sql`insert into groups (name) values ('Ops') returning id`;
    const res = await ada.request("PUT", `/api/groups/${ops}`, {
      body: { name: "admin", description: "x" },
    });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A group with this name already exists");
  });
});
