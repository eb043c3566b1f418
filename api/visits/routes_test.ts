// The visits calls (spec 4 §5): an admin invites anyone's guests to any active room;
// a member only their own, to rooms their active groups hold, and sees only their
// own; the window's rules and texts; PINs unique among visits not ended; the guest's
// e-mail with the pass's link, which only the create answer carries; edit and revoke
// while the visit has not ended; audited.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp, TEST_ORIGIN } from "../testing/test_app.ts";

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describeApp("visits", async (t, testApp) => {
  const { sql } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true, firstName: "Ada", lastName: "Admin" });
  const admin = await testApp.login("admin@example.com");
  const memberId = await addUser(sql, { email: "mo@example.com", firstName: "Mo", lastName: "Member" });
  const member = await testApp.login("mo@example.com");
  const otherId = await addUser(sql, { email: "ola@example.com", firstName: "Ola", lastName: "Other" });
  const other = await testApp.login("ola@example.com");

  const room = async (name: string) => (await admin.request("POST", "/api/rooms", { body: { name } })).json.id as number;
  const lobby = await room("Lobby");
  const studio = await room("Studio");
  const vault = await room("Vault");
  // Mo's group holds the Lobby and the Studio; Ola's only the Studio.
  const group = async (name: string, userId: number, roomIds: number[]) => {
    const id = (await admin.request("POST", "/api/groups", { body: { name } })).json.id;
    await admin.request("POST", `/api/groups/${id}/users/${userId}`);
    for (const roomId of roomIds) await admin.request("POST", `/api/groups/${id}/rooms/${roomId}`, { body: {} });
    return id as number;
  };
  await group("Members", memberId, [lobby, studio]);
  await group("Others", otherId, [studio]);

  const body = (fields: Record<string, unknown> = {}) => ({
    guestName: "Gil Guest",
    guestEmail: "gil@example.com",
    roomIds: [lobby],
    startsAt: inHours(1),
    endsAt: inHours(3),
    note: "At reception",
    ...fields,
  });

  await t.step("an admin adds a visit: the answer carries the pass's link; the guest is e-mailed it", async () => {
    const res = await admin.request("POST", "/api/visits", { body: body({ hostId: memberId, roomIds: [studio, lobby] }) });
    assertEquals(res.status, 201, res.text);
    const visit = res.json;
    assertEquals([visit.guestName, visit.guestEmail, visit.host, visit.status], ["Gil Guest", "gil@example.com", { id: memberId, name: "Mo Member" }, "upcoming"]);
    assertEquals([visit.roomIds, visit.roomNames], [[lobby, studio], ["Lobby", "Studio"]]);
    assertMatch(visit.pin, /^\d{6}$/);
    assertMatch(visit.passUrl, new RegExp(`^${TEST_ORIGIN}/visit/[A-Za-z0-9_-]{43}$`));
    assertEquals(visit.createdBy.name, "Ada Admin");
    const [mail] = await sql`select subject, text_body from mail_messages where to_address = 'gil@example.com' order by id desc limit 1`;
    assertEquals(mail.subject, "Mo Member invited you to Lobby");
    assert(mail.textBody.includes(`Open your pass: ${visit.passUrl}`), mail.textBody);
    // Only the create answer: the stored pass is its hash.
    const read = await admin.request("GET", `/api/visits/${visit.id}`);
    assertEquals([read.status, read.json.passUrl, read.json.pin], [200, undefined, visit.pin]);
    const [row] = await sql`select pass_hash, bounded_by_host from visits where id = ${visit.id}`;
    assertEquals([row.passHash.length, row.boundedByHost], [64, false]);
    const [event] = await sql`select action, target_type, target_name, changes from audit_events where action = 'visit.create'`;
    assertEquals([event.targetType, event.targetName], ["visit", "Gil Guest"]);
    assertEquals(event.changes.pin, undefined);
  });

  await t.step("a member invites their own guests, to rooms they hold, and sees only theirs", async () => {
    const mine = await member.request("POST", "/api/visits", { body: body({ guestName: "Mia", guestEmail: null }) });
    assertEquals(mine.status, 201, mine.text);
    assertEquals([mine.json.host.id, mine.json.guestEmail], [memberId, null]);
    const [row] = await sql`select bounded_by_host from visits where id = ${mine.json.id}`;
    assertEquals(row.boundedByHost, true);

    const notHeld = await member.request("POST", "/api/visits", { body: body({ roomIds: [lobby, vault] }) });
    assertEquals([notHeld.status, notHeld.json.error], [400, "You can only invite guests to rooms you can open"]);
    const forOther = await member.request("POST", "/api/visits", { body: body({ hostId: otherId }) });
    assertEquals(forOther.status, 403);

    const theirs = await other.request("POST", "/api/visits", { body: body({ guestName: "Oz", roomIds: [studio] }) });
    assertEquals(theirs.status, 201);
    const listed = await member.request("GET", "/api/visits");
    assert(listed.json.length > 0 && listed.json.every((v: { host: { id: number } }) => v.host.id === memberId));
    assertEquals((await member.request("GET", `/api/visits/${theirs.json.id}`)).status, 404);
    assertEquals((await member.request("POST", `/api/visits/${theirs.json.id}/revoke`)).status, 404);
    // An admin sees everyone's, and may narrow to a host.
    const all = await admin.request("GET", "/api/visits");
    assert(all.json.some((v: { id: number }) => v.id === theirs.json.id));
    const ola = await admin.request("GET", `/api/visits?hostId=${otherId}`);
    assertEquals(ola.json.map((v: { guestName: string }) => v.guestName), ["Oz"]);
  });

  await t.step("the window's rules and the other texts", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ guestName: "  " }, "Guest name is required"],
      [{ endsAt: inHours(1) }, "The visit must end after it starts"],
      [{ endsAt: inHours(0.5) }, "The visit must end after it starts"],
      [{ endsAt: inHours(1 + 14 * 24 + 0.01) }, "A visit lasts at most 14 days"],
      [{ startsAt: inHours(91 * 24), endsAt: inHours(91 * 24 + 1) }, "A visit starts at most 90 days ahead"],
      [{ startsAt: inHours(-3), endsAt: inHours(-1) }, "The visit must end in the future"],
      [{ roomIds: [] }, "Choose at least one room"],
      [{ roomIds: [2147480000] }, "You can only invite guests to rooms you can open"],
      [{ guestEmail: "not an address" }, "Please enter a valid email address"],
      [{ note: "x".repeat(501) }, "Note must be at most 500 characters"],
      [{ startsAt: "tomorrow" }, "Start must be a date and time with its offset"],
      [{ hostId: 2147480000 }, "The host must be an active user"],
    ];
    const before = (await sql`select count(*)::int as n from visits`)[0].n;
    for (const [fields, error] of cases) {
      const res = await admin.request("POST", "/api/visits", { body: body(fields) });
      assertEquals([res.status, res.json.error], [400, error], JSON.stringify(fields));
    }
    assertEquals((await sql`select count(*)::int as n from visits`)[0].n, before);
    // Under way already is fine: a walk-in.
    assertEquals((await admin.request("POST", "/api/visits", { body: body({ startsAt: inHours(-1) }) })).json.status, "active");
  });

  await t.step("PINs are unique among visits not ended, also made at once", async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.request("POST", "/api/visits", { body: body({ guestName: `Crowd ${i}`, guestEmail: null }) })),
    );
    assertEquals(made.map((res) => res.status), Array(20).fill(201));
    const live = await sql`select pin from visits where revoked_at is null and ends_at > now()`;
    assertEquals(new Set(live.map((v) => v.pin)).size, live.length);
  });

  await t.step("edit while upcoming or active (If-Match honoured); revoke; an ended visit is 409", async () => {
    const made = (await admin.request("POST", "/api/visits", { body: body({ guestName: "Eve" }) })).json;
    const stale = await admin.request("PUT", `/api/visits/${made.id}`, {
      body: body({ guestName: "Eve" }),
      headers: { "if-match": `"${new Date(0).toISOString()}"` },
    });
    assertEquals(stale.status, 412);
    const edited = await admin.request("PUT", `/api/visits/${made.id}`, { body: body({ guestName: "Eve Edited", roomIds: [studio] }) });
    assertEquals([edited.status, edited.json.guestName, edited.json.roomNames, edited.json.pin], [200, "Eve Edited", ["Studio"], made.pin]);
    const revoked = await admin.request("POST", `/api/visits/${made.id}/revoke`);
    assertEquals([revoked.status, revoked.json.status], [200, "revoked"]);
    for (const res of [await admin.request("POST", `/api/visits/${made.id}/revoke`), await admin.request("PUT", `/api/visits/${made.id}`, { body: body() })]) {
      assertEquals([res.status, res.json.error], [409, "This visit has already ended"]);
    }
    const old = (await admin.request("POST", "/api/visits", { body: body({ guestName: "Old" }) })).json;
    await sql`update visits set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = ${old.id}`;
    assertEquals((await admin.request("POST", `/api/visits/${old.id}/revoke`)).status, 409);
    const actions = await sql`select action from audit_events where target_type = 'visit' and target_id = ${made.id} order by id`;
    assertEquals(actions.map((a) => a.action), ["visit.create", "visit.update", "visit.revoke"]);
  });

  await t.step("an admin's edit of a member's visit keeps its host, and its guest bound to the host's grants", async () => {
    const made = await member.request("POST", "/api/visits", { body: body({ guestName: "Bo", startsAt: inHours(-1) }) });
    const token = new URL(made.json.passUrl).pathname.split("/").pop();
    // The admin adds the Vault, which Mo cannot open, and leaves the host out.
    const edited = await admin.request("PUT", `/api/visits/${made.json.id}`, {
      body: body({ guestName: "Bo", startsAt: made.json.startsAt, roomIds: [lobby, vault] }),
    });
    assertEquals([edited.status, edited.json.host.id, edited.json.roomNames], [200, memberId, ["Lobby", "Vault"]], edited.text);
    const atVault = await testApp.request("POST", `/api/pass/${token}/rooms/${vault}/unlock`);
    assertEquals([atVault.status, atVault.json.reason], [403, "no_group_access"], atVault.text);
    // And a member's edit of an admin's visit for them binds it.
    const theirs = (await admin.request("POST", "/api/visits", { body: body({ guestName: "Cy", hostId: memberId }) })).json;
    assertEquals((await member.request("PUT", `/api/visits/${theirs.id}`, { body: body({ guestName: "Cy" }) })).status, 200);
    const rows = await sql`select id, bounded_by_host from visits where id in (${made.json.id}, ${theirs.id}) order by id`;
    assertEquals(rows.map((r) => r.boundedByHost), [true, true]);
  });

  await t.step("the list's filters: status, search, from and to", async () => {
    const revoked = await admin.request("GET", "/api/visits?status=revoked");
    assertEquals(revoked.json.map((v: { guestName: string }) => v.guestName), ["Eve Edited"]);
    const ended = await admin.request("GET", "/api/visits?status=ended");
    assertEquals(ended.json.map((v: { guestName: string }) => v.guestName), ["Old"]);
    for (const [status, guest] of [["active", "Bo"], ["upcoming", "Cy"]]) {
      const listed: { guestName: string; status: string }[] = (await admin.request("GET", `/api/visits?status=${status}`)).json;
      assert(listed.some((v) => v.guestName === guest) && listed.every((v) => v.status === status), JSON.stringify(listed));
    }
    const found = await admin.request("GET", "/api/visits?search=mo%20mem");
    assert(found.json.length > 0 && found.json.every((v: { host: { name: string } }) => v.host.name === "Mo Member"));
    const later = await admin.request("GET", `/api/visits?from=${encodeURIComponent(inHours(4))}`);
    assertEquals(later.json.length, 0);
    for (const bad of ["status=soon", "hostId=abc", "from=yesterday"]) {
      assertEquals((await admin.request("GET", `/api/visits?${bad}`)).status, 400, bad);
    }
  });
});
