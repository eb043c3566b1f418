// Every route the app registers, present and future, against anonymous,
// member and admin callers. A route added without a rule fails here.
import { assert, assertEquals } from "../testing/assert.ts";
import { accessProblems, apiRoutes } from "../testing/access_matrix.ts";
import { addUser, describeApp, TEST_ORIGIN } from "../testing/test_app.ts";
import { type App, createApp } from "../app.ts";
import { createLogger } from "../http/logger.ts";
import { allow } from "./access.ts";

function caller(app: App, cookie?: string) {
  return async (method: string, path: string) => {
    const headers: Record<string, string> = {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
    };
    if (cookie) headers.cookie = cookie;
    const body = method === "GET" || method === "DELETE" ? undefined : "{}";
    const res = await app.request(new URL(path, TEST_ORIGIN), { method, headers, body });
    await res.body?.cancel();
    return { status: res.status };
  };
}

describeApp("authorization matrix", async (t, testApp) => {
  const memberId = await addUser(testApp.sql, { email: "member@example.com" });
  await addUser(testApp.sql, { email: "admin@example.com", admin: true });
  const member = await testApp.login("member@example.com");
  const admin = await testApp.login("admin@example.com");
  const callersOf = (app: App) => ({
    memberId,
    anonymous: caller(app),
    member: caller(app, member.cookie),
    admin: caller(app, admin.cookie),
  });
  const who = callersOf(testApp.app);

  await t.step("the app registers routes and each names a rule", () => {
    const routes = apiRoutes(testApp.app);
    assert(routes.length >= 10, `${routes.length} routes`);
    assertEquals(routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.path}`), []);
  });

  await t.step("every route answers each caller as its rule says", async () => {
    assertEquals(await accessProblems(testApp.app, who), []);
  });

  await t.step("an unguarded route is caught by the check and refused by the server", async () => {
    const { sql, listen, config } = testApp;
    const extended = createApp({ sql, listen, config, log: createLogger("silent") });
    extended.get("/api/forgotten", (c) => c.json({ secret: true }));
    extended.get("/api/open", allow.public, (c) => c.json({ open: true }));
    const problems = await accessProblems(extended, callersOf(extended));
    assertEquals(problems, ["GET /api/forgotten: no access rule"]);
    assertEquals((await caller(extended)("GET", "/api/forgotten")).status, 500);
  });
});
