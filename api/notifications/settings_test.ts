// GET/PUT /api/me/notification-settings (spec 4 §3): an admin's defaults, a change of
// one setting keeping the other, If-Match, bad values, and members and anonymous callers.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("notification settings", async (t, testApp) => {
  await addUser(testApp.sql, { email: "admin@example.com", admin: true });
  await addUser(testApp.sql, { email: "member@example.com" });
  const admin = await testApp.login("admin@example.com");
  const member = await testApp.login("member@example.com");
  const path = "/api/me/notification-settings";

  await t.step("an admin: all alarms by push and critical ones by e-mail, until changed", async () => {
    assertEquals((await admin.request("GET", path)).json, { pushAlarms: "all", emailAlarms: "critical", updatedAt: null });
  });

  await t.step("PUT changes what it names and keeps the rest; If-Match guards it", async () => {
    const first = await admin.request("PUT", path, { body: { emailAlarms: "all" } });
    assertEquals([first.status, first.json.pushAlarms, first.json.emailAlarms], [200, "all", "all"]);
    const second = await admin.request("PUT", path, { body: { pushAlarms: "critical" }, headers: { "if-match": first.json.updatedAt } });
    assertEquals([second.status, second.json.pushAlarms, second.json.emailAlarms], [200, "critical", "all"]);
    const stale = await admin.request("PUT", path, { body: { pushAlarms: "none" }, headers: { "if-match": first.json.updatedAt } });
    assertEquals(stale.status, 412);
    assertEquals((await admin.request("GET", path)).json.pushAlarms, "critical");
    const [event] = await testApp.sql`select action, changes from audit_events where action = 'user.notification_settings.update' order by id desc limit 1`;
    assertEquals(event.changes, { pushAlarms: ["all", "critical"] });
  });

  await t.step("bad values: 400, nothing changes", async () => {
    for (const body of [{ pushAlarms: "loud" }, { emailAlarms: 3 }, { pushAlarms: null }]) {
      const res = await admin.request("PUT", path, { body });
      assertEquals(res.status, 400, JSON.stringify(body));
    }
    assertEquals((await admin.request("PUT", path, { body: { pushAlarms: "loud" } })).json.error, "pushAlarms must be critical, all or none");
    const now = (await admin.request("GET", path)).json;
    assertEquals([now.pushAlarms, now.emailAlarms], ["critical", "all"]);
  });

  await t.step("a member gets no alarms and cannot ask for them; anonymous callers are refused", async () => {
    assertEquals((await member.request("GET", path)).json, { pushAlarms: "none", emailAlarms: "none", updatedAt: null });
    const refused = await member.request("PUT", path, { body: { pushAlarms: "all" } });
    assertEquals([refused.status, refused.json.error], [403, "Admin access is required"]);
    assertEquals((await testApp.request("GET", path)).status, 401);
    assertEquals((await testApp.request("PUT", path, { body: { pushAlarms: "all" } })).status, 401);
  });
});
