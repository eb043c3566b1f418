// The audit matrix's SCIM side (spec 4: every mutating route is covered by the audit
// matrix; api/audit/audit_matrix_test.ts covers /api, whose callers sign in): every
// mutating route the app registers under /scim/v2 is named here, and its valid request,
// sent with a provider's token, writes exactly the events named, each with the token
// as its actor (`SCIM: <name>`), about the resource it changed.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, signInAdmin } from "../testing/test_app.ts";
import { makeToken, scimRequest } from "./testing.ts";
import { SCIM_BASE_PATH } from "./token_schemas.ts";

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A route's valid request, and the events it must write: [action, target type, target id]. */
type Example = { path: string; body?: unknown; events: [string, string, number][] };

describeApp("the SCIM audit matrix", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const scim = scimRequest(testApp, (await makeToken(admin, "Okta")).token);
  let n = 0;
  const person = async () => await addUser(sql, { email: `scim-matrix-${++n}@example.com`, firstName: "Pat", lastName: `No ${n}` });
  const group = async () => {
    const made = await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: `Matrix ${++n}` } });
    return Number(made.json.id);
  };

  const EXAMPLES: Record<string, () => Example | Promise<Example>> = {
    "POST /Users": () => ({
      path: "/Users",
      body: { schemas: [USER], userName: `scim-new-${++n}@example.com`, name: { givenName: "New", familyName: "Person" } },
      events: [["user.create", "user", -1]],
    }),
    "PUT /Users/:id": async () => {
      const id = await person();
      return {
        path: `/Users/${id}`,
        body: { schemas: [USER], userName: `scim-matrix-${n}@example.com`, name: { givenName: "Renamed", familyName: "Person" } },
        events: [["user.update", "user", id]],
      };
    },
    "PATCH /Users/:id": async () => {
      const id = await person();
      return {
        path: `/Users/${id}`,
        body: { schemas: [PATCH], Operations: [{ op: "replace", path: "active", value: false }] },
        events: [["user.deactivate", "user", id]],
      };
    },
    "DELETE /Users/:id": async () => {
      const id = await person();
      return { path: `/Users/${id}`, events: [["user.delete", "user", id]] };
    },
    "POST /Groups": () => ({
      path: "/Groups",
      body: { schemas: [GROUP], displayName: `Made ${++n}` },
      events: [["group.create", "group", -1]],
    }),
    "PUT /Groups/:id": async () => {
      const id = await group();
      return { path: `/Groups/${id}`, body: { schemas: [GROUP], displayName: `Renamed ${++n}` }, events: [["group.update", "group", id]] };
    },
    "PATCH /Groups/:id": async () => {
      const [id, member] = [await group(), await person()];
      return {
        path: `/Groups/${id}`,
        body: { schemas: [PATCH], Operations: [{ op: "add", path: "members", value: [{ value: String(member) }] }] },
        events: [["group.member.add", "group", id]],
      };
    },
    "DELETE /Groups/:id": async () => {
      const id = await group();
      return { path: `/Groups/${id}`, events: [["group.delete", "group", id]] };
    },
  };

  const routes = [...new Set(
    testApp.app.routes
      .filter((route) => MUTATING.has(route.method) && route.path.startsWith(`${SCIM_BASE_PATH}/`))
      .map((route) => `${route.method} ${route.path.slice(SCIM_BASE_PATH.length)}`),
  )];

  await t.step("every mutating SCIM route has its example, and every example its route", () => {
    assertEquals(routes.filter((key) => !(key in EXAMPLES)), []);
    assertEquals(Object.keys(EXAMPLES).filter((key) => !routes.includes(key)), []);
  });

  await t.step("each route's valid request writes exactly its events, by the token", async () => {
    const problems: string[] = [];
    for (const key of routes) {
      const example = await EXAMPLES[key]();
      const [{ last }] = await sql`select coalesce(max(id), 0)::int as last from audit_events`;
      const res = await scim(key.split(" ")[0], example.path, example.body === undefined ? {} : { body: example.body });
      if (res.status >= 300) {
        problems.push(`${key}: ${res.status} ${res.text}`);
        continue;
      }
      // A made resource's id is its answer's.
      const madeId = res.json?.id === undefined ? null : Number(res.json.id);
      const want = example.events.map(([action, type, id]) => ({ actor: "SCIM: Okta", action, type, id: id === -1 ? madeId : id }));
      const got = (await sql<{ actorName: string; action: string; targetType: string; targetId: number }[]>`
        select actor_name, action, target_type, target_id from audit_events where id > ${last} order by id`)
        .map((e) => ({ actor: e.actorName, action: e.action, type: e.targetType, id: e.targetId }));
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${key}: wrote ${JSON.stringify(got)}, wanted ${JSON.stringify(want)}`);
    }
    assertEquals(problems, []);
  });
});
