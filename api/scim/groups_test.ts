// /scim/v2/Groups (spec 4 §6, RFC 7644 §3): made with members, read, listed with
// filters and excludedAttributes=members, renamed, members added and removed in
// every shape providers send, deleted; the dashboard's membership rule (only active
// people join); the Admin group out of reach (403, never listed); audited as SCIM.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, signInAdmin } from "../testing/test_app.ts";
import { snapshot } from "../testing/db_snapshot.ts";
import { makeToken, SCIM, scimError, scimRequest } from "./testing.ts";

const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const patch = (...Operations: unknown[]) => ({ body: { schemas: [PATCH], Operations } });

describeApp("SCIM Groups", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const scim = scimRequest(testApp, (await makeToken(admin, "Entra")).token);
  const [{ id: adminGroupId }] = await sql`select id from groups where name = 'Admin'`;
  const ann = String(await addUser(sql, { email: "ann@example.com", firstName: "Ann", lastName: "Lee" }));
  const bob = String(await addUser(sql, { email: "bob@example.com", firstName: "Bob", lastName: "Kay" }));
  const cy = String(await addUser(sql, { email: "cy@example.com", firstName: "Cy", lastName: "Ng" }));
  const memberIds = (res: { json: { members: { value: string }[] } }) => res.json.members.map((m) => m.value).sort();
  const events = async (since: number) =>
    (await sql`select actor_name, action, changes from audit_events where id > ${since} order by id`).map((e) => ({ ...e }));
  const lastEvent = async () => (await sql`select coalesce(max(id), 0)::int as id from audit_events`)[0].id as number;

  let staff: { id: string };
  await t.step("POST with members: 201, members with display names, each join audited", async () => {
    const since = await lastEvent();
    const res = await scim("POST", "/Groups", {
      body: { schemas: [GROUP], displayName: "Night Shift", externalId: "grp-1", members: [{ value: ann }, { value: bob, display: "ignored" }] },
    });
    assertEquals(res.status, 201);
    staff = res.json;
    assertEquals(res.headers.get("location"), `${SCIM}/Groups/${staff.id}`);
    const { meta, members, ...rest } = res.json;
    assertEquals(rest, { schemas: [GROUP], id: staff.id, externalId: "grp-1", displayName: "Night Shift" });
    assertEquals(members, [
      { value: ann, display: "Ann Lee", $ref: `${SCIM}/Users/${ann}`, type: "User" },
      { value: bob, display: "Bob Kay", $ref: `${SCIM}/Users/${bob}`, type: "User" },
    ]);
    assertEquals(meta.resourceType, "Group");
    assertEquals((await events(since)).map((e) => [e.actorName, e.action]), [
      ["SCIM: Entra", "group.create"],
      ["SCIM: Entra", "group.member.add"],
      ["SCIM: Entra", "group.member.add"],
    ]);
    // The dashboard sees the same group and members.
    assertEquals((await admin.request("GET", `/api/groups/${staff.id}/users`)).json.length, 2);
  });

  await t.step("list: displayName any case, externalId, excludedAttributes=members; Admin never listed", async () => {
    const list = (query: string) => scim("GET", `/Groups?${query}`);
    const found = await list(`excludedAttributes=members&filter=${encodeURIComponent('displayName eq "night shift"')}`);
    assertEquals([found.json.totalResults, found.json.Resources[0].id, found.json.Resources[0].members], [1, staff.id, undefined]);
    assertEquals((await list(`filter=${encodeURIComponent('externalId eq "grp-1"')}`)).json.Resources[0].members.length, 2);
    const all = await list("");
    assertEquals(all.json.Resources.map((g: { displayName: string }) => g.displayName), ["Night Shift"]);
    assertEquals((await list(`filter=${encodeURIComponent('displayName eq "Admin"')}`)).json.totalResults, 0);
    const bad = await list(`filter=${encodeURIComponent('members eq "1"')}`);
    assertEquals([bad.status, bad.json.scimType], [400, "invalidFilter"]);
    const one = await scim("GET", `/Groups/${staff.id}?excludedAttributes=members`);
    assertEquals([one.status, one.json.members], [200, undefined]);
  });

  await t.step("PATCH members: add and remove with value lists, remove by filter, replace all", async () => {
    const add = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "Add", path: "members", value: [{ $ref: null, value: cy }] }));
    assertEquals(memberIds(add), [ann, bob, cy].sort());
    const removeList = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "Remove", path: "members", value: [{ value: ann }] }));
    assertEquals(memberIds(removeList), [bob, cy].sort());
    const removeOne = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "remove", path: `members[value eq "${bob}"]` }));
    assertEquals(memberIds(removeOne), [cy]);
    // Removing someone who is not a member changes nothing (a provider's retry is harmless).
    const since = await lastEvent();
    const again = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "remove", path: `members[value eq "${bob}"]` }));
    assertEquals([again.status, await lastEvent()], [200, since]);
    const replaced = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "replace", path: "members", value: [{ value: ann }, { value: bob }] }));
    assertEquals(memberIds(replaced), [ann, bob].sort());
    assertEquals((await events(since)).map((e) => e.action), ["group.member.remove", "group.member.add", "group.member.add"]);
  });

  await t.step("PATCH rename with or without a path (Okta sends the id along)", async () => {
    const okta = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "replace", value: { id: staff.id, displayName: "Day Shift" } }));
    assertEquals([okta.status, okta.json.displayName], [200, "Day Shift"]);
    const entra = await scim("PATCH", `/Groups/${staff.id}`, patch({ op: "Replace", path: "displayName", value: "Evening Shift" }));
    assertEquals(entra.json.displayName, "Evening Shift");
    assertEquals((await admin.request("GET", `/api/groups/${staff.id}`)).json.name, "Evening Shift");
  });

  await t.step("refusals: unknown or deactivated members, a taken name, bad paths; nothing changed", async () => {
    await scim("POST", "/Groups", { body: { displayName: "Taken" } });
    const offId = await addUser(sql, { email: "off@example.com", isActive: false });
    const before = await snapshot(sql);
    const cases: [string, unknown, number, string, string | undefined][] = [
      ["PATCH", { op: "add", path: "members", value: [{ value: "2147483647" }] }, 400, "No user with id 2147483647", "invalidValue"],
      ["PATCH", { op: "add", path: "members", value: [{ value: "abc" }] }, 400, 'No user with id "abc"', "invalidValue"],
      ["PATCH", { op: "add", path: "members", value: ["12"] }, 400, 'Each member must be an object with a "value": the user\'s id', "invalidValue"],
      ["PATCH", { op: "add", path: "members", value: [{ value: String(offId) }] }, 409, "Only active users can be added to a group", undefined],
      ["PATCH", { op: "replace", path: "displayName", value: "TAKEN" }, 409, "A group with this name already exists", "uniqueness"],
      ["PATCH", { op: "replace", path: "displayName", value: " " }, 400, "displayName is required", "invalidValue"],
      ["PATCH", { op: "replace", path: "displayName", value: "x".repeat(101) }, 400, "displayName must be at most 100 characters", "invalidValue"],
      ["PATCH", { op: "replace", path: "description", value: "x" }, 400, "Threshold keeps no Group attribute description", "invalidPath"],
      ["PATCH", { op: "add", path: `members[value eq "${ann}"]`, value: [] }, 400, `Only remove takes a members filter, and only on value: members[value eq "${ann}"]`, "invalidPath"],
      ["PATCH", { op: "replace", path: "id", value: "1" }, 400, "id is assigned by Threshold and cannot change", "mutability"],
    ];
    for (const [method, operation, status, detail, scimType] of cases) {
      const res = await scim(method, `/Groups/${staff.id}`, patch(operation));
      assertEquals([res.status, res.json], [status, scimError(status, detail, scimType)], JSON.stringify(operation));
    }
    const posts: [unknown, number, string, string | undefined][] = [
      [{ displayName: "taken" }, 409, "A group with this name already exists", "uniqueness"],
      [{ members: [] }, 400, "displayName is required", "invalidValue"],
      [{ displayName: 7 }, 400, "displayName must be text", "invalidValue"],
      [{ displayName: "Ok", schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"] }, 400, `schemas must name ${GROUP}`, "invalidSyntax"],
      [{ displayName: "Ok", members: [{ value: "2147483647" }] }, 400, "No user with id 2147483647", "invalidValue"],
    ];
    for (const [body, status, detail, scimType] of posts) {
      const res = await scim("POST", "/Groups", { body });
      assertEquals([res.status, res.json], [status, scimError(status, detail, scimType)], JSON.stringify(body));
    }
    const malformed = await scim("POST", "/Groups", { raw: "{displayName}" });
    assertEquals(malformed.json.scimType, "invalidSyntax");
    const after = await snapshot(sql);
    assertEquals(Object.keys(after).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table])), []);
  });

  await t.step("the Admin group: not made, renamed to, read, changed, joined or deleted (403)", async () => {
    const refused = scimError(403, "The Admin group is managed in Threshold");
    const before = await snapshot(sql);
    const tries: [string, string, unknown?][] = [
      ["POST", "/Groups", { body: { displayName: "Admin" } }],
      ["POST", "/Groups", { body: { displayName: "admin", members: [{ value: ann }] } }],
      ["PATCH", `/Groups/${staff.id}`, patch({ op: "replace", path: "displayName", value: "Admin" })],
      ["PUT", `/Groups/${staff.id}`, { body: { displayName: "ADMIN" } }],
      ["GET", `/Groups/${adminGroupId}`],
      ["PUT", `/Groups/${adminGroupId}`, { body: { displayName: "Admin", members: [{ value: ann }] } }],
      ["PATCH", `/Groups/${adminGroupId}`, patch({ op: "add", path: "members", value: [{ value: ann }] })],
      ["DELETE", `/Groups/${adminGroupId}`],
    ];
    for (const [method, path, options] of tries) {
      const res = await scim(method, path, options as { body?: unknown });
      assertEquals([res.status, res.json], [403, refused], `${method} ${path}`);
    }
    const after = await snapshot(sql);
    assertEquals(Object.keys(after).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table])), []);
  });

  await t.step("PUT replaces name, externalId and members; If-Match honoured", async () => {
    const current = await scim("GET", `/Groups/${staff.id}`);
    const stale = await scim("PUT", `/Groups/${staff.id}`, {
      body: { displayName: "Late" },
      headers: { "if-match": 'W/"2020-01-01T00:00:00.000Z"' },
    });
    assertEquals(stale.status, 412);
    const res = await scim("PUT", `/Groups/${staff.id}`, {
      body: { schemas: [GROUP], displayName: "Late Shift", members: [{ value: cy }] },
      headers: { "if-match": current.json.meta.version },
    });
    assertEquals([res.status, res.json.displayName, res.json.externalId, memberIds(res)], [200, "Late Shift", undefined, [cy]]);
  });

  await t.step("DELETE: 204, gone from the dashboard, audited; again 404", async () => {
    const since = await lastEvent();
    const res = await scim("DELETE", `/Groups/${staff.id}`);
    assertEquals([res.status, res.text], [204, ""]);
    assertEquals((await admin.request("GET", `/api/groups/${staff.id}`)).status, 404);
    assertEquals((await events(since)).map((e) => [e.actorName, e.action]), [["SCIM: Entra", "group.delete"]]);
    assertEquals((await scim("DELETE", `/Groups/${staff.id}`)).json, scimError(404, "Group not found"));
    assertEquals((await scim("GET", "/Groups/x1")).json, scimError(404, "Group not found"));
  });
});
