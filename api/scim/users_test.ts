// /scim/v2/Users (spec 4 §6, RFC 7644 §3): made, read, listed with filters and
// paging, replaced, patched, deleted; every refusal a SCIM error that changes nothing
// (malformed JSON, wrong types, NUL bytes, lone surrogates, huge values, odd ids);
// the dashboard's rules (a taken e-mail, the last admin) and the Admin group's; every
// change audited as `SCIM: <token name>`.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, signInAdmin } from "../testing/test_app.ts";
import { snapshot } from "../testing/db_snapshot.ts";
import { makeToken, SCIM, scimError, scimRequest } from "./testing.ts";

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const patch = (...Operations: unknown[]) => ({ body: { schemas: [PATCH], Operations } });

describeApp("SCIM Users", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const scim = scimRequest(testApp, (await makeToken(admin, "Okta")).token);
  const actions = async (since: number) =>
    (await sql`select actor_type, actor_id, actor_name, action, target_id from audit_events where id > ${since} order by id`)
      .map((e) => ({ ...e }));
  const lastEvent = async () => (await sql`select coalesce(max(id), 0)::int as id from audit_events`)[0].id as number;

  let ann: { id: string; meta: { version: string } };
  await t.step("POST: 201 with Location and ETag, e-mail lower-cased, no password, audited as SCIM: Okta", async () => {
    const since = await lastEvent();
    const res = await scim("POST", "/Users", {
      body: {
        schemas: [USER],
        userName: " Ann.Lee@Example.com ",
        name: { givenName: "Ann", familyName: "Lee", formatted: "ignored" },
        emails: [{ value: "ann.lee@example.com", type: "work", primary: true }],
        externalId: "00u1ann",
        title: "Engineer",
        password: "never-stored-1",
        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": { department: "R&D" },
        active: true,
      },
    });
    assertEquals(res.status, 201);
    ann = res.json;
    assertEquals(res.headers.get("content-type"), "application/scim+json; charset=utf-8");
    assertEquals(res.headers.get("location"), `${SCIM}/Users/${ann.id}`);
    assertEquals(res.headers.get("etag"), ann.meta.version);
    const { meta, ...rest } = res.json;
    assertEquals(rest, {
      schemas: [USER],
      id: ann.id,
      externalId: "00u1ann",
      userName: "ann.lee@example.com",
      name: { givenName: "Ann", familyName: "Lee", formatted: "Ann Lee" },
      displayName: "Ann Lee",
      emails: [{ value: "ann.lee@example.com", type: "work", primary: true }],
      active: true,
      groups: [],
    });
    assertEquals([meta.resourceType, meta.location], ["User", `${SCIM}/Users/${ann.id}`]);
    assert(/^W\/"\d{4}-\d\d-\d\dT.*Z"$/.test(meta.version) && !Number.isNaN(Date.parse(meta.created)));
    const [row] = await sql`select password_hash, is_active from users where id = ${Number(ann.id)}`;
    assertEquals({ ...row }, { passwordHash: null, isActive: true });
    assertEquals(await actions(since), [
      { actorType: "system", actorId: null, actorName: "SCIM: Okta", action: "user.create", targetId: Number(ann.id) },
    ]);
    // The dashboard shows them as any other person.
    assertEquals((await admin.request("GET", `/api/users/${ann.id}`)).json.email, "ann.lee@example.com");
  });

  await t.step("POST of a taken e-mail, in any case: 409 uniqueness", async () => {
    const res = await scim("POST", "/Users", { body: { userName: "ANN.LEE@example.com", name: { givenName: "A", familyName: "L" } } });
    assertEquals([res.status, res.json], [409, scimError(409, "A user with this email already exists", "uniqueness")]);
  });

  await t.step("bad input: a SCIM 400 naming the problem, nothing changed", async () => {
    const before = await snapshot(sql);
    const valid = { userName: "new@example.com", name: { givenName: "New", familyName: "Person" } };
    const cases: [string, { body?: unknown; raw?: string }, string, string][] = [
      ["malformed JSON", { raw: '{"userName": ' }, "invalidSyntax", "The request body must be valid JSON"],
      ["no body", { raw: "" }, "invalidSyntax", "The request body must be valid JSON"],
      ["an array", { body: [valid] }, "invalidSyntax", "A User must be a JSON object"],
      ["other schemas", { body: { ...valid, schemas: ["urn:x"] } }, "invalidSyntax", `schemas must name ${USER}`],
      ["no userName", { body: { name: valid.name } }, "invalidValue", "userName is required"],
      ["userName a number", { body: { ...valid, userName: 7 } }, "invalidValue", "userName must be text"],
      ["userName not an e-mail", { body: { ...valid, userName: "ann" } }, "invalidValue", "Please enter a valid email address"],
      ["userName huge", { body: { ...valid, userName: `${"a".repeat(300)}@example.com` } }, "invalidValue", "Email must be at most 254 characters"],
      ["name a string", { body: { ...valid, name: "Ann" } }, "invalidValue", "name must be an object"],
      ["givenName a list", { body: { ...valid, name: { givenName: ["A"], familyName: "B" } } }, "invalidValue", "name.givenName must be text"],
      ["givenName blank", { body: { ...valid, name: { givenName: " ", familyName: "B" } } }, "invalidValue", "name.givenName is required"],
      ["familyName huge", { body: { ...valid, name: { givenName: "A", familyName: "x".repeat(101) } } }, "invalidValue", "name.familyName must be at most 100 characters"],
      ["active maybe", { body: { ...valid, active: "maybe" } }, "invalidValue", "active must be true or false"],
      ["externalId a number", { body: { ...valid, externalId: 5 } }, "invalidValue", "externalId must be text"],
      ["externalId huge", { body: { ...valid, externalId: "x".repeat(256) } }, "invalidValue", "externalId must be at most 255 characters"],
      ["a NUL byte", { raw: '{"userName":"nul@example.com","name":{"givenName":"A\\u0000","familyName":"B"}}' }, "invalidValue", "name.givenName: must not contain control characters"],
      ["a lone surrogate", { raw: '{"userName":"s@example.com","name":{"givenName":"\\ud800","familyName":"B"}}' }, "invalidValue", "name.givenName: must not contain invalid Unicode"],
      ["a control character in a key", { raw: '{"userName":"k@example.com","\\u0007":1}' }, "invalidValue", "body: field names must not contain control characters"],
    ];
    for (const [what, options, scimType, detail] of cases) {
      const res = await scim("POST", "/Users", options);
      assertEquals([res.status, res.json], [400, scimError(400, detail, scimType)], what);
    }
    for (const [what, options, scimType, detail] of cases.filter(([, o]) => o.body !== undefined && !Array.isArray(o.body))) {
      const res = await scim("PUT", `/Users/${ann.id}`, options);
      assertEquals([res.status, res.json], [400, scimError(400, detail, scimType)], `PUT ${what}`);
    }
    const after = await snapshot(sql);
    const changed = Object.keys(after).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
    assertEquals(changed, []);
  });

  await t.step("GET by id; odd ids are 404 (or 400 for control characters)", async () => {
    const res = await scim("GET", `/Users/${ann.id}`);
    assertEquals([res.status, res.json.userName, res.headers.get("etag")], [200, "ann.lee@example.com", ann.meta.version]);
    for (const id of ["abc", "012", "0", "-1", "1.0", "99999999999", "2147483647", "%F0%9F%9A%AA"]) {
      const odd = await scim("GET", `/Users/${id}`);
      assertEquals([odd.status, odd.json], [404, scimError(404, "User not found")], id);
    }
    const nul = await scim("GET", "/Users/%00");
    assertEquals([nul.status, nul.json.scimType], [400, "invalidValue"]);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await scim(method, "/Users/2147483647", method === "DELETE" ? {} : patch({ op: "replace", path: "active", value: true }));
      assertEquals([res.status, res.json.detail], [404, "User not found"], method);
    }
  });

  await t.step("list: filter userName (any case) or externalId (exactly), paging, invalidFilter for the rest", async () => {
    for (let i = 1; i <= 5; i++) await addUser(sql, { email: `page${i}@example.com` });
    const list = (query: string) => scim("GET", `/Users?${query}`);
    const found = await list(`filter=${encodeURIComponent('userName eq "ANN.LEE@EXAMPLE.COM"')}`);
    assertEquals(found.json.schemas, ["urn:ietf:params:scim:api:messages:2.0:ListResponse"]);
    assertEquals([found.json.totalResults, found.json.itemsPerPage, found.json.startIndex], [1, 1, 1]);
    assertEquals(found.json.Resources[0].id, ann.id);
    assertEquals((await list(`filter=${encodeURIComponent('externalId eq "00u1ann"')}`)).json.totalResults, 1);
    assertEquals((await list(`filter=${encodeURIComponent('externalId eq "00U1ANN"')}`)).json.totalResults, 0);
    const none = await list(`filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
    assertEquals(none.json, { schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: 0, itemsPerPage: 0, startIndex: 1, Resources: [] });
    const all = await list("");
    assertEquals([all.json.totalResults, all.json.itemsPerPage], [7, 7]);
    const page = await list("startIndex=3&count=2");
    assertEquals([page.json.totalResults, page.json.itemsPerPage, page.json.startIndex], [7, 2, 3]);
    assertEquals(page.json.Resources.map((u: { id: string }) => u.id), all.json.Resources.slice(2, 4).map((u: { id: string }) => u.id));
    assertEquals((await list("count=0")).json.itemsPerPage, 0);
    assertEquals((await list("count=0")).json.totalResults, 7);
    assertEquals((await list("startIndex=0&count=-5")).json.startIndex, 1);
    assertEquals((await list("startIndex=100")).json.Resources, []);
    assertEquals((await list("count=100000")).json.itemsPerPage, 7);
    assertEquals((await list("excludedAttributes=groups")).json.Resources[0].groups, undefined);
    const refusals: [string, string, string][] = [
      [`filter=${encodeURIComponent('title eq "x"')}`, "invalidFilter", "Filtering is supported on userName and externalId only, not title"],
      [`filter=${encodeURIComponent('userName co "ann"')}`, "invalidFilter", 'Only filters of the form <attribute> eq "<value>" are supported: userName co "ann"'],
      [`filter=${encodeURIComponent('userName eq "a\u0000"')}`, "invalidFilter", "filter must not contain control characters"],
      [`filter=${encodeURIComponent(`userName eq "${"a".repeat(1001)}"`)}`, "invalidFilter", "A filter may be at most 1000 characters"],
      ["count=ten", "invalidValue", "count must be a whole number"],
      ["startIndex=1e3", "invalidValue", "startIndex must be a whole number"],
    ];
    for (const [query, scimType, detail] of refusals) {
      const res = await list(query);
      assertEquals([res.status, res.json], [400, scimError(400, detail, scimType)], query);
    }
  });

  await t.step("PUT replaces: names and externalId as sent, active kept when left out; If-Match honoured", async () => {
    const since = await lastEvent();
    const stale = await scim("PUT", `/Users/${ann.id}`, {
      body: { userName: "ann.lee@example.com", name: { givenName: "Anne", familyName: "Lee" } },
      headers: { "if-match": 'W/"2020-01-01T00:00:00.000Z"' },
    });
    assertEquals([stale.status, stale.json], [412, scimError(412, "This item was changed by someone else since you loaded it")]);
    const res = await scim("PUT", `/Users/${ann.id}`, {
      body: { schemas: [USER], userName: "anne.lee@example.com", name: { givenName: "Anne", familyName: "Lee" } },
      headers: { "if-match": ann.meta.version },
    });
    assertEquals(res.status, 200);
    assertEquals([res.json.userName, res.json.name.givenName, res.json.active, res.json.externalId], [
      "anne.lee@example.com",
      "Anne",
      true,
      undefined,
    ]);
    assert(res.json.meta.version !== ann.meta.version);
    const [event] = await sql`select actor_name, action, changes from audit_events where id > ${since}`;
    assertEquals({ ...event }, {
      actorName: "SCIM: Okta",
      action: "user.update",
      changes: { firstName: ["Ann", "Anne"], email: ["ann.lee@example.com", "anne.lee@example.com"], externalId: ["00u1ann", null] },
    });
  });

  await t.step("PATCH: paths and path-less values, Entra's string booleans; nothing to record when nothing changes", async () => {
    const since = await lastEvent();
    const res = await scim("PATCH", `/Users/${ann.id}`, patch(
      { op: "Replace", path: "name.familyName", value: "Lee-Smith" },
      { op: "Add", path: "externalId", value: "entra-1" },
      { op: "replace", path: 'emails[type eq "work"].value', value: "left@aside.example" },
      { op: "replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Ops" },
      { op: "replace", value: { "name.givenName": "Annie", title: "Lead" } },
    ));
    assertEquals(res.status, 200);
    assertEquals([res.json.name, res.json.externalId, res.json.userName], [
      { givenName: "Annie", familyName: "Lee-Smith", formatted: "Annie Lee-Smith" },
      "entra-1",
      "anne.lee@example.com",
    ]);
    assertEquals((await actions(since)).map((e) => e.action), ["user.update"]);
    const again = await lastEvent();
    const same = await scim("PATCH", `/Users/${ann.id}`, patch({ op: "replace", value: { active: "True" } }));
    assertEquals([same.status, same.json.active, await lastEvent()], [200, true, again]);
  });

  await t.step("PATCH refusals: invalidPath, mutability, noTarget, invalidValue; nothing changed", async () => {
    const before = await snapshot(sql);
    const cases: [unknown[], number, string, string][] = [
      [[{ op: "replace", path: "favouriteColour", value: "red" }], 400, "invalidPath", "Threshold keeps no User attribute favouriteColour"],
      [[{ op: "replace", path: "name.nickName", value: "A" }], 400, "invalidPath", "Threshold keeps no User attribute name.nickName"],
      [[{ op: "replace", path: 'active[value eq "x"]', value: true }], 400, "invalidPath", 'This path is not understood for a User: active[value eq "x"]'],
      [[{ op: "replace", path: "id", value: "999" }], 400, "mutability", "id is assigned by Threshold and cannot change"],
      [[{ op: "add", path: "groups", value: [{ value: "1" }] }], 400, "mutability", "A user's groups are changed through /Groups"],
      [[{ op: "remove" }], 400, "noTarget", "A remove operation needs a path"],
      [[{ op: "remove", path: "userName" }], 400, "invalidValue", "userName is required"],
      [[{ op: "replace", path: "active", value: 1 }], 400, "invalidValue", "active must be true or false"],
      [[{ op: "replace", path: "userName", value: "not-an-email" }], 400, "invalidValue", "Please enter a valid email address"],
      [[{ op: "replace", path: "userName", value: "admin@example.com" }], 409, "uniqueness", "A user with this email already exists"],
      [[{ op: "remove", path: "name" }], 400, "invalidValue", "name.givenName is required; name.familyName is required"],
    ];
    for (const [operations, status, scimType, detail] of cases) {
      const res = await scim("PATCH", `/Users/${ann.id}`, patch(...operations));
      assertEquals([res.status, res.json], [status, scimError(status, detail, scimType)], JSON.stringify(operations));
    }
    const after = await snapshot(sql);
    assertEquals(Object.keys(after).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table])), []);
  });

  await t.step("the last active admin cannot be deactivated or deleted (409); another admin can, but not be reactivated (403)", async () => {
    const [{ id: adminId }] = await sql`select id from users where email = 'admin@example.com'`;
    for (const [method, options] of [["PATCH", patch({ op: "replace", path: "active", value: false })], ["DELETE", {}]] as const) {
      const res = await scim(method, `/Users/${adminId}`, options);
      assertEquals([res.status, res.json], [409, scimError(409, "This would leave no active administrator")], method);
    }
    const secondId = await addUser(sql, { email: "second.admin@example.com", admin: true });
    const off = await scim("PATCH", `/Users/${secondId}`, patch({ op: "replace", value: { active: false } }));
    assertEquals([off.status, off.json.active], [200, false]);
    // The Admin group is not among a user's groups through SCIM.
    assertEquals(off.json.groups, []);
    const on = await scim("PATCH", `/Users/${secondId}`, patch({ op: "replace", value: { active: true } }));
    assertEquals([on.status, on.json], [403, scimError(403, "The Admin group is managed in Threshold")]);
    const put = await scim("PUT", `/Users/${secondId}`, {
      body: { userName: "second.admin@example.com", name: { givenName: "S", familyName: "A" }, active: true },
    });
    assertEquals(put.status, 403);
    assertEquals((await scim("DELETE", `/Users/${secondId}`)).status, 204);
  });

  await t.step("DELETE: 204, gone from the dashboard too, audited; again 404; If-Match honoured", async () => {
    const stale = await scim("DELETE", `/Users/${ann.id}`, { headers: { "if-match": 'W/"2020-01-01T00:00:00.000Z"' } });
    assertEquals(stale.status, 412);
    const since = await lastEvent();
    const res = await scim("DELETE", `/Users/${ann.id}`);
    assertEquals([res.status, res.text], [204, ""]);
    assertEquals((await admin.request("GET", `/api/users/${ann.id}`)).status, 404);
    assertEquals(await actions(since), [
      { actorType: "system", actorId: null, actorName: "SCIM: Okta", action: "user.delete", targetId: Number(ann.id) },
    ]);
    assertEquals((await scim("DELETE", `/Users/${ann.id}`)).status, 404);
  });
});
