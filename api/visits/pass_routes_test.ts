// The guest's pass (spec 4 §5): its page's read, and unlocking a room of the visit
// while the pass works, logged as the guest's `Guest Link`; refused outside the
// window, for another room, once revoked; an unknown link is 404.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("the guest's pass", async (t, testApp) => {
  const { sql, request } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true, firstName: "Ada", lastName: "Admin" });
  const admin = await testApp.login("admin@example.com");
  const room = async (name: string) => (await admin.request("POST", "/api/rooms", { body: { name } })).json.id as number;
  const lobby = await room("Lobby");
  const vault = await room("Vault");
  const visit = async (startsInMinutes: number) => {
    const made = await admin.request("POST", "/api/visits", {
      body: {
        guestName: "Gil Guest",
        roomIds: [lobby],
        startsAt: new Date(Date.now() + startsInMinutes * 60_000).toISOString(),
        endsAt: new Date(Date.now() + (startsInMinutes + 60) * 60_000).toISOString(),
      },
    });
    return { ...made.json, token: new URL(made.json.passUrl).pathname.split("/").pop() as string };
  };
  const unlock = (token: string, roomId: number) => request("POST", `/api/pass/${token}/rooms/${roomId}/unlock`);

  await t.step("the pass page's read: host, rooms, window, PIN, status", async () => {
    const v = await visit(-1);
    const res = await request("GET", `/api/pass/${v.token}`);
    assertEquals(res.status, 200);
    assertEquals([res.headers.get("cache-control"), res.headers.get("referrer-policy")], ["no-store", "no-referrer"]);
    assertEquals(res.json, {
      guestName: "Gil Guest",
      hostName: "Ada Admin",
      rooms: [{ id: lobby, name: "Lobby" }],
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      pin: v.pin,
      status: "active",
    });
    for (const token of [v.token.slice(1), "x".repeat(43), "2147480000"]) {
      const gone = await request("GET", `/api/pass/${token}`);
      assertEquals([gone.status, gone.json.error], [404, "This pass does not exist"], token);
      assertEquals((await unlock(token, lobby)).status, 404);
    }
  });

  await t.step("Unlock while the pass works: granted, logged as the guest's Guest Link", async () => {
    const v = await visit(-1);
    const res = await unlock(v.token, lobby);
    assertEquals([res.status, res.json.decision, res.json.message, res.json.doors], [200, "granted", "Door unlocked", []]);
    const [log] = await sql`select user_id, user_name, credential_type, action, visit_id from access_logs where id = ${res.json.logId}`;
    assertEquals(log, { userId: null, userName: "Gil Guest (guest of Ada Admin)", credentialType: "Guest Link", action: "Mobile Unlock", visitId: v.id });
  });

  await t.step("a new link for Copy pass link: the old one stops working", async () => {
    const v = await visit(-1);
    const res = await admin.request("POST", `/api/visits/${v.id}/new-pass`);
    assertEquals(res.status, 201);
    const token = new URL(res.json.passUrl).pathname.split("/").pop()!;
    assertEquals((await request("GET", `/api/pass/${v.token}`)).status, 404);
    assertEquals((await request("GET", `/api/pass/${token}`)).json.pin, v.pin);
    const [event] = await sql`select action, target_id from audit_events where action = 'visit.new_pass'`;
    assertEquals(event.targetId, v.id);
  });

  await t.step("refused before the window, for another room, once revoked", async () => {
    const later = await visit(30);
    const early = await unlock(later.token, lobby);
    assertEquals([early.status, early.json.reason, early.json.error], [403, "visit_not_active", "This pass is not valid right now"]);
    const now = await visit(-1);
    const elsewhere = await unlock(now.token, vault);
    assertEquals([elsewhere.status, elsewhere.json.reason], [403, "no_group_access"]);
    assertEquals((await unlock(now.token, 2147480000)).status, 404);
    assertEquals((await admin.request("POST", `/api/visits/${now.id}/revoke`)).status, 200);
    assertEquals((await request("GET", `/api/pass/${now.token}`)).json.status, "revoked");
    assertEquals((await unlock(now.token, lobby)).json.reason, "visit_not_active");
  });
});
