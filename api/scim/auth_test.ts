// Who may call /scim/v2 (spec 4 §6): a bearer token made on the Provisioning tab, and
// nothing else: no token, another scheme, a wrong or revoked token, a signed-in
// admin's cookie: 401 with WWW-Authenticate, in SCIM's error format. A token revoked
// through one process is refused at once by another. lastUsedAt moves at most once a
// minute. The discovery resources, the body limit, unknown endpoints, and 503 at once
// when the database is away.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp, signInAdmin } from "../testing/test_app.ts";
import { poolOf } from "../db/guard.ts";
import { newToken } from "../auth/tokens.ts";
import { makeToken, SCIM, scimError, scimRequest } from "./testing.ts";

describeApp("SCIM: tokens, discovery, limits", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const okta = await makeToken(admin, "Okta");
  const scim = scimRequest(testApp, okta.token);

  await t.step("no token, another scheme, a wrong token, a cookie: 401 with WWW-Authenticate", async () => {
    const anonymous = scimRequest(testApp, null);
    const cases: [string, Record<string, string>, string][] = [
      ["none", {}, "A SCIM token is required: Authorization: Bearer <token>"],
      ["basic", { authorization: `Basic ${btoa("okta:secret")}` }, "A SCIM token is required: Authorization: Bearer <token>"],
      ["empty bearer", { authorization: "Bearer " }, "A SCIM token is required: Authorization: Bearer <token>"],
      ["unknown", { authorization: `Bearer ${newToken()}` }, "This SCIM token is not valid or was revoked"],
      ["not a token", { authorization: "Bearer x" }, "This SCIM token is not valid or was revoked"],
      ["huge", { authorization: `Bearer ${"a".repeat(10_000)}` }, "This SCIM token is not valid or was revoked"],
      ["the admin's cookie", { cookie: admin.cookie }, "A SCIM token is required: Authorization: Bearer <token>"],
    ];
    for (const [what, headers, detail] of cases) {
      for (const [method, path] of [["GET", "/Users"], ["POST", "/Users"], ["GET", "/ServiceProviderConfig"]]) {
        const res = await anonymous(method, path, { headers, body: method === "POST" ? { userName: "x@example.com" } : undefined });
        assertEquals([res.status, res.json], [401, scimError(401, detail)], `${what} ${method} ${path}`);
        assertEquals(res.headers.get("www-authenticate"), 'Bearer realm="Threshold SCIM"');
        assertEquals(res.headers.get("content-type"), "application/scim+json; charset=utf-8");
      }
    }
    const [{ n }] = await sql`select count(*)::int as n from users`;
    assertEquals(n, 1);
  });

  await t.step("every /scim/v2 route the app registers refuses no token and a cookie (401)", async () => {
    const routes = [...new Set(testApp.app.routes.filter((r) => r.path.startsWith("/scim/v2/") && r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`))];
    assert(routes.length >= 15, `${routes.length} SCIM routes`);
    const anonymous = scimRequest(testApp, null);
    const problems: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(" ");
      const url = path.replace("/scim/v2", "").replace(/:[A-Za-z]+/g, "1");
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      for (const headers of [{}, { cookie: admin.cookie }] as Record<string, string>[]) {
        const res = await anonymous(method, url, { headers, body });
        if (res.status !== 401) problems.push(`${route} with ${Object.keys(headers)}: ${res.status}`);
      }
    }
    assertEquals(problems, []);
  });

  await t.step("lastUsedAt: set on first use, then moved at most once a minute", async () => {
    const listed = async () =>
      (await admin.request("GET", "/api/scim-tokens")).json.find((x: { id: number }) => x.id === okta.id).lastUsedAt;
    assertEquals(await listed(), null);
    assertEquals((await scim("GET", "/Users")).status, 200);
    const first = await listed();
    assert(first !== null);
    for (let i = 0; i < 5; i++) assertEquals((await scim("GET", "/Users")).status, 200);
    assertEquals(await listed(), first);
    await sql`update scim_tokens set last_used_at = now() - interval '61 seconds' where id = ${okta.id}`;
    const stale = await listed();
    assertEquals((await scim("GET", "/Users")).status, 200);
    assert(Date.parse(await listed()) > Date.parse(stale));
  });

  await t.step("a revoked token is refused at once, by this process and another", async () => {
    const entra = await makeToken(admin, "Entra");
    const other = testApp.withIntegrations({});
    const elsewhere = scimRequest(other, entra.token);
    assertEquals((await elsewhere("GET", "/Users")).status, 200);
    assertEquals((await admin.request("DELETE", `/api/scim-tokens/${entra.id}`)).status, 204);
    for (const send of [elsewhere, scimRequest(testApp, entra.token)]) {
      const res = await send("GET", "/Users");
      assertEquals([res.status, res.json.detail], [401, "This SCIM token is not valid or was revoked"]);
    }
    await other.close();
  });

  await t.step("ServiceProviderConfig: patch and filter (maxResults) yes, bulk, sort and password no", async () => {
    const res = await scim("GET", "/ServiceProviderConfig");
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "application/scim+json; charset=utf-8");
    const { patch, bulk, filter, changePassword, sort, etag, authenticationSchemes, schemas, meta } = res.json;
    assertEquals(schemas, ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"]);
    assertEquals([patch, bulk.supported, filter, changePassword, sort, etag], [
      { supported: true },
      false,
      { supported: true, maxResults: 1000 },
      { supported: false },
      { supported: false },
      { supported: true },
    ]);
    assertEquals(authenticationSchemes[0].type, "oauthbearertoken");
    assertEquals(meta, { resourceType: "ServiceProviderConfig", location: `${SCIM}/ServiceProviderConfig` });
  });

  await t.step("ResourceTypes and Schemas: User and Group, with the attributes Threshold keeps", async () => {
    const types = await scim("GET", "/ResourceTypes");
    assertEquals(types.json.totalResults, 2);
    assertEquals(
      types.json.Resources.map((r: { id: string; endpoint: string; schema: string }) => [r.id, r.endpoint, r.schema]),
      [
        ["User", "/Users", "urn:ietf:params:scim:schemas:core:2.0:User"],
        ["Group", "/Groups", "urn:ietf:params:scim:schemas:core:2.0:Group"],
      ],
    );
    assertEquals((await scim("GET", "/ResourceTypes/Group")).json.endpoint, "/Groups");
    const schemas = await scim("GET", "/Schemas");
    const user = schemas.json.Resources.find((s: { name: string }) => s.name === "User");
    assertEquals(
      user.attributes.map((a: { name: string }) => a.name),
      ["userName", "name", "displayName", "emails", "active", "externalId", "groups"],
    );
    assertEquals(user.attributes[0].uniqueness, "server");
    const group = await scim("GET", "/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group");
    assertEquals(group.json.attributes.map((a: { name: string }) => a.name), ["displayName", "externalId", "members"]);
    for (const path of ["/ResourceTypes/Room", "/Schemas/urn:x", "/Rooms", "/Users/1/extra", "/Bulk"]) {
      const res = await scim("GET", path);
      assertEquals([res.status, res.json.schemas], [404, ["urn:ietf:params:scim:api:messages:2.0:Error"]], path);
    }
    assertEquals((await scim("POST", "/Bulk", { body: {} })).status, 404);
  });

  await t.step("a body over 1 MB: 413 in SCIM's format, nothing made", async () => {
    const res = await scim("POST", "/Users", {
      body: { userName: "big@example.com", name: { givenName: "B", familyName: "x".repeat(1024 * 1024) } },
    });
    assertEquals([res.status, res.json], [413, scimError(413, "The request body is too large (limit 1024 KB)")]);
    const [{ n }] = await sql`select count(*)::int as n from users where email = 'big@example.com'`;
    assertEquals(n, 0);
  });

  // Last: the breaker stays open until its next probe.
  await t.step("the database away: 503 at once, in SCIM's format, with Retry-After", async () => {
    poolOf(sql)!.breaker.open(new Error("test"));
    const started = performance.now();
    const res = await scim("GET", '/Users?filter=userName eq "admin@example.com"');
    assert(performance.now() - started < 500);
    assertEquals([res.status, res.json], [503, scimError(503, "The database is not available")]);
    assertEquals(res.headers.get("retry-after"), "1");
  });
});
