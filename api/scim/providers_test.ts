// The request sequences Okta and Microsoft Entra document for their SCIM 2.0
// provisioning, replayed as they send them (bodies after Okta's "SCIM 2.0 protocol
// reference" and Microsoft's "SCIM request examples"): find by userName, create,
// read, update, deactivate, reactivate, delete, and the group pushes.
import { assertEquals } from "../testing/assert.ts";
import { describeApp, signInAdmin } from "../testing/test_app.ts";
import { makeToken, scimRequest } from "./testing.ts";

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const q = (filter: string) => encodeURIComponent(filter);

describeApp("SCIM: Okta's sequence", async (t, testApp) => {
  const admin = await signInAdmin(testApp);
  const okta = scimRequest(testApp, (await makeToken(admin, "Okta")).token);
  let id = "";
  let groupId = "";

  await t.step("find by userName (none), create, read", async () => {
    const none = await okta("GET", `/Users?filter=${q('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    assertEquals(none.json, { schemas: [LIST], totalResults: 0, itemsPerPage: 0, startIndex: 1, Resources: [] });
    const made = await okta("POST", "/Users", {
      body: {
        schemas: [USER],
        userName: "test.user@okta.local",
        name: { givenName: "Test", familyName: "User" },
        emails: [{ primary: true, value: "test.user@okta.local", type: "work" }],
        displayName: "Test User",
        locale: "en-US",
        externalId: "00ujl29u0le5T6Aj10h7",
        groups: [],
        password: "1mz050nq",
        active: true,
      },
    });
    assertEquals([made.status, made.json.userName, made.json.externalId, made.json.active], [
      201,
      "test.user@okta.local",
      "00ujl29u0le5T6Aj10h7",
      true,
    ]);
    id = made.json.id;
    const found = await okta("GET", `/Users?filter=${q('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    assertEquals([found.json.totalResults, found.json.Resources[0].id], [1, id]);
    assertEquals((await okta("GET", `/Users/${id}`)).json.name.familyName, "User");
  });

  await t.step("profile update by PUT of the whole user", async () => {
    const res = await okta("PUT", `/Users/${id}`, {
      body: {
        schemas: [USER],
        id,
        userName: "test.user@okta.local",
        name: { givenName: "Another", middleName: "Middle", familyName: "User" },
        emails: [{ primary: true, value: "test.user@okta.local", type: "work" }],
        active: true,
        groups: [],
        meta: { resourceType: "User" },
      },
    });
    assertEquals([res.status, res.json.name.givenName, res.json.active], [200, "Another", true]);
  });

  await t.step("deactivate and reactivate: PATCH replace with a value object", async () => {
    for (const active of [false, true]) {
      const res = await okta("PATCH", `/Users/${id}`, {
        body: { schemas: [PATCH], Operations: [{ op: "replace", value: { active } }] },
      });
      assertEquals([res.status, res.json.active], [200, active]);
    }
  });

  await t.step("Group Push: create, rename, add and remove members, delete", async () => {
    const none = await okta("GET", `/Groups?filter=${q('displayName eq "Test SCIMv2"')}&startIndex=1&count=100`);
    assertEquals(none.json.totalResults, 0);
    const made = await okta("POST", "/Groups", { body: { schemas: [GROUP], displayName: "Test SCIMv2", members: [] } });
    assertEquals([made.status, made.json.members], [201, []]);
    groupId = made.json.id;
    const renamed = await okta("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "replace", value: { id: groupId, displayName: "Test SCIMv2 renamed" } }] },
    });
    assertEquals(renamed.json.displayName, "Test SCIMv2 renamed");
    const added = await okta("PATCH", `/Groups/${groupId}`, {
      body: {
        schemas: [PATCH],
        Operations: [{ op: "add", path: "members", value: [{ value: id, display: "test.user@okta.local" }] }],
      },
    });
    assertEquals(added.json.members.map((m: { value: string }) => m.value), [id]);
    const replaced = await okta("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "replace", path: "members", value: [] }] },
    });
    assertEquals(replaced.json.members, []);
    await okta("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "add", path: "members", value: [{ value: id }] }] },
    });
    const removed = await okta("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "remove", path: `members[value eq "${id}"]` }] },
    });
    assertEquals(removed.json.members, []);
    assertEquals((await okta("DELETE", `/Groups/${groupId}`)).status, 204);
  });

  await t.step("everything Okta did is in the audit trail as SCIM: Okta", async () => {
    const rows = await testApp.sql`select action from audit_events where actor_name = 'SCIM: Okta' order by id`;
    assertEquals(rows.map((r) => r.action), [
      "user.create",
      "user.update",
      "user.deactivate",
      "user.reactivate",
      "group.create",
      "group.update",
      "group.member.add",
      "group.member.remove",
      "group.member.add",
      "group.member.remove",
      "group.delete",
    ]);
  });
});

describeApp("SCIM: Microsoft Entra's sequence", async (t, testApp) => {
  const admin = await signInAdmin(testApp);
  const entra = scimRequest(testApp, (await makeToken(admin, "Entra ID")).token);
  let id = "";
  let other = "";
  let groupId = "";

  await t.step("create user, get by query (one and none), get by id", async () => {
    const made = await entra("POST", "/Users", {
      body: {
        schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
        externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
        userName: "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com",
        active: true,
        emails: [{ primary: true, type: "work", value: "Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com" }],
        meta: { resourceType: "User" },
        name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
        roles: [],
      },
    });
    assertEquals(made.status, 201);
    id = made.json.id;
    assertEquals(made.json.userName, "test_user_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com");
    const one = await entra("GET", `/Users?filter=${q('userName eq "Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com"')}`);
    assertEquals([one.json.totalResults, one.json.Resources[0].id], [1, id]);
    const none = await entra("GET", `/Users?filter=${q('userName eq "non-existent user"')}`);
    assertEquals(none.json.totalResults, 0);
    assertEquals((await entra("GET", `/Users/${id}`)).json.externalId, "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef");
    const second = await entra("POST", "/Users", {
      body: { schemas: [USER], userName: "second@testuser.com", active: true, name: { givenName: "Sec", familyName: "Ond" } },
    });
    other = second.json.id;
  });

  await t.step("update user: multi-valued and single-valued properties", async () => {
    const multi = await entra("PATCH", `/Users/${id}`, {
      body: {
        schemas: [PATCH],
        Operations: [
          { op: "Replace", path: 'emails[type eq "work"].value', value: "updatedEmail@microsoft.com" },
          { op: "Replace", path: "name.familyName", value: "updatedFamilyName" },
        ],
      },
    });
    assertEquals([multi.status, multi.json.name.familyName], [200, "updatedFamilyName"]);
    const single = await entra("PATCH", `/Users/${id}`, {
      body: {
        schemas: [PATCH],
        Operations: [{ op: "Replace", path: "userName", value: "5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com" }],
      },
    });
    assertEquals(single.json.userName, "5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com");
  });

  await t.step("disable user (also as the string \"False\"), enable it again", async () => {
    const off = await entra("PATCH", `/Users/${id}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: false }] },
    });
    assertEquals(off.json.active, false);
    const on = await entra("PATCH", `/Users/${id}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "True" }] },
    });
    assertEquals(on.json.active, true);
    const offAgain = await entra("PATCH", `/Users/${id}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Replace", value: { active: "False" } }] },
    });
    assertEquals(offAgain.json.active, false);
    await entra("PATCH", `/Users/${id}`, { body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: true }] } });
  });

  await t.step("groups: create, get without members, by displayName, rename, add and remove members, delete", async () => {
    const made = await entra("POST", "/Groups", {
      body: {
        schemas: [GROUP, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group"],
        externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
        displayName: "displayName",
        meta: { resourceType: "Group" },
      },
    });
    assertEquals([made.status, made.json.members], [201, []]);
    groupId = made.json.id;
    const read = await entra("GET", `/Groups/${groupId}?excludedAttributes=members`);
    assertEquals([read.json.displayName, read.json.members], ["displayName", undefined]);
    const byName = await entra("GET", `/Groups?excludedAttributes=members&filter=${q('displayName eq "displayName"')}`);
    assertEquals([byName.json.totalResults, byName.json.Resources[0].id], [1, groupId]);
    const renamed = await entra("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "displayName", value: "1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName" }] },
    });
    assertEquals(renamed.status, 200);
    const added = await entra("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: id }, { $ref: null, value: other }] }] },
    });
    assertEquals(added.json.members.length, 2);
    const removed = await entra("PATCH", `/Groups/${groupId}`, {
      body: { schemas: [PATCH], Operations: [{ op: "Remove", path: "members", value: [{ $ref: null, value: id }] }] },
    });
    assertEquals(removed.json.members.map((m: { value: string }) => m.value), [other]);
    assertEquals((await entra("DELETE", `/Groups/${groupId}`)).status, 204);
  });

  await t.step("delete user: 204, then 404", async () => {
    assertEquals((await entra("DELETE", `/Users/${id}`)).status, 204);
    assertEquals((await entra("GET", `/Users/${id}`)).status, 404);
    const rows = await testApp.sql`select distinct actor_name from audit_events where actor_type = 'system'`;
    assertEquals(rows.map((r) => r.actorName), ["SCIM: Entra ID"]);
  });
});
