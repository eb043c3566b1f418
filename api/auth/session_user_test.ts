// A change queued on a shared tablet names the user who made it (Threshold-User);
// the server runs it only under that user's session (issue 12).
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("Threshold-User: a change runs only under its own user's session", async (t, app) => {
  const { sql, login } = app;
  const aId = await addUser(sql, { email: "a@tablet.test", admin: true });
  const bId = await addUser(sql, { email: "b@tablet.test", admin: true });
  const [room] = await sql<{ id: number }[]>`insert into rooms (name) values ('Lobby') returning id`;
  const b = await login("b@tablet.test");
  const name = async () => (await sql`select name from rooms where id = ${room.id}`)[0].name;

  await t.step("A's change sent with B's session is 401 and changes nothing", async () => {
    const res = await b.request("PUT", `/api/rooms/${room.id}`, {
      body: { name: "Renamed by A" },
      headers: { "threshold-user": String(aId), "idempotency-key": "a-1" },
    });
    assertEquals(res.status, 401);
    assertEquals(res.json.error, "This change belongs to another user: it is sent when they sign in");
    assertEquals(await name(), "Lobby");
    // Not recorded as the key's answer: A's own session may still send it.
    assertEquals((await sql`select count(*)::int as n from idempotency_keys`)[0].n, 0);
  });

  await t.step("the same change under A's session goes through", async () => {
    const a = await login("a@tablet.test");
    const res = await a.request("PUT", `/api/rooms/${room.id}`, {
      body: { name: "Renamed by A" },
      headers: { "threshold-user": String(aId), "idempotency-key": "a-1" },
    });
    assertEquals(res.status, 200);
    assertEquals(await name(), "Renamed by A");
  });

  await t.step("B's own change with B's id goes through; a malformed id is 401 too", async () => {
    const own = await b.request("PUT", `/api/rooms/${room.id}`, {
      body: { name: "Renamed by B" },
      headers: { "threshold-user": String(bId) },
    });
    assertEquals(own.status, 200);
    const odd = await b.request("PUT", `/api/rooms/${room.id}`, {
      body: { name: "Odd" },
      headers: { "threshold-user": `+${bId}` },
    });
    assertEquals(odd.status, 401);
    assertEquals(await name(), "Renamed by B");
  });

  await t.step("without a session it is the usual 401", async () => {
    const res = await app.request("PUT", `/api/rooms/${room.id}`, {
      body: { name: "Nobody" },
      headers: { "threshold-user": String(aId) },
    });
    assertEquals(res.status, 401);
    assertEquals(res.json.error, "Not authenticated");
  });
});
