// GET /api/audit, its export and what an event holds (spec 3 §5): newest first,
// keyset pages of 50, each filter, bad filters refused, secrets never stored.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("audit calls", async (t, app) => {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  const admin = await app.login("admin@example.com");
  const get = async (query = "") => await admin.request("GET", `/api/audit${query}`);

  const lobby = (await admin.request("POST", "/api/rooms", { body: { name: "Lobby" } })).json;
  await admin.request("PUT", `/api/rooms/${lobby.id}`, {
    body: { name: "Main Lobby", description: "By the door" },
  });
  const made = (await admin.request("POST", "/api/users", {
    body: { firstName: "Ada", lastName: "King", email: "ada@example.com", password: "s3cret-pass" },
  })).json;
  for (let i = 0; i < 55; i++) {
    await admin.request("POST", "/api/groups", { body: { name: `Shift ${i}` } });
  }

  await t.step("an event says who, what, to what, which fields, from where", async () => {
    const page = (await get(`?targetType=room&targetId=${lobby.id}`)).json;
    assertEquals(page.items.map((e: { action: string }) => e.action), [
      "room.update",
      "room.create",
    ]);
    const update = page.items[0];
    assertEquals(update.actor, { type: "user", id: admin.user.id, name: update.actor.name });
    assertEquals(update.target, { type: "room", id: lobby.id, name: "Main Lobby" });
    assertEquals(update.changes, {
      name: ["Lobby", "Main Lobby"],
      description: [null, "By the door"],
    });
    assert(update.requestId && update.ip && /^[0-9a-f]{64}$/.test(update.hash));
    assertEquals(page.nextCursor, null);
  });

  await t.step("secrets and password hashes appear only as [redacted]", async () => {
    const [event] = (await get(`?action=user.create&targetId=${made.id}`)).json.items;
    assertEquals(event.changes.password, [null, "[redacted]"]);
    assertEquals(event.changes.email, [null, "ada@example.com"]);
    const stored = await app.sql`select changes::text as text from audit_events`;
    assert(!stored.some((row) => /s3cret|\$argon|\$2[aby]\$/.test(row.text)));
  });

  await t.step("pages of 50, newest first, with no event twice", async () => {
    const first = (await get()).json;
    assertEquals(first.items.length, 50);
    assertEquals(first.items[0].action, "group.create");
    const second = (await get(`?cursor=${first.nextCursor}`)).json;
    const ids = [...first.items, ...second.items].map((e: { id: number }) => e.id);
    assertEquals(ids, [...ids].sort((a, b) => b - a));
    assertEquals(new Set(ids).size, ids.length);
    const [{ n }] = await app.sql`select count(*)::int as n from audit_events`;
    assertEquals(ids.length, n, "two pages hold them all");
    assertEquals(second.nextCursor, null);
  });

  await t.step("filters: search, action, actor, dates", async () => {
    const search = (await get("?search=main%20lob")).json.items;
    assertEquals(search.map((e: { action: string }) => e.action), ["room.update"]);
    assertEquals((await get("?action=group.create")).json.items.length, 50);
    const mine = (await get(`?actorId=${admin.user.id}&action=room.create`)).json.items;
    assertEquals(mine.length, 1);
    assertEquals((await get(`?actorId=${made.id}`)).json.items, []);
    const future = new Date(Date.now() + 60_000).toISOString();
    assertEquals((await get(`?from=${encodeURIComponent(future)}`)).json.items, []);
    assertEquals((await get(`?to=2000-01-01`)).json.items, []);
  });

  await t.step("a bad filter is a 400 naming it", async () => {
    const refusals: Record<string, string> = {
      "?cursor=abc": "cursor: is not a valid cursor",
      "?targetId=%2B5": "targetId: must be a positive whole number (at most 2147483647)",
      "?actorId=0": "actorId: must be a positive whole number (at most 2147483647)",
      "?from=yesterday": "from: must be an ISO date or date-time",
      "?from=2026-02-01&to=2026-01-01": "to: must not be before from",
      [`?search=${"x".repeat(201)}`]: "search: must be at most 200 characters",
    };
    for (const [query, error] of Object.entries(refusals)) {
      const res = await get(query);
      assertEquals([res.status, res.json.error], [400, error], query);
    }
  });

  await t.step("the export is every filtered event as CSV", async () => {
    const res = await admin.request("GET", "/api/audit/export?action=group.create");
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-type"), "text/csv; charset=utf-8");
    assertEquals(res.headers.get("content-disposition"), 'attachment; filename="audit-log.csv"');
    const lines = res.text.trimEnd().split("\r\n");
    assertEquals(
      lines[0],
      "ID,Time,Actor Type,Actor ID,Actor,Action,Target Type,Target ID,Target,Changes,IP,User Agent,Request ID,Hash",
    );
    assertEquals(lines.length, 1 + 55);
    assert(lines[1].includes(",group.create,group,") && lines[1].includes("Shift 54"));
  });

  await t.step("the actions recorded so far, for the filter", async () => {
    const actions = (await admin.request("GET", "/api/audit/actions")).json;
    assertEquals(actions, [
      "auth.sign_in",
      "group.create",
      "room.create",
      "room.update",
      "user.create",
    ]);
  });

  await t.step("verify counts every event", async () => {
    const [{ n }] = await app.sql`select count(*)::int as n from audit_events`;
    const res = await admin.request("GET", "/api/audit/verify");
    assertEquals([res.json.ok, res.json.count], [true, n]);
  });
});
