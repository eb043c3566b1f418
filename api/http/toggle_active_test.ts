// PATCH …/toggle-active on users, groups, rooms and devices: without a body it flips
// (spec 1 §9); with { isActive } it switches to that state, so a deactivation sent
// late (queued offline) or from a screen that was behind never switches back on what
// another admin switched off meanwhile. Each is audited with the state before and
// after; a bad body is a 400 that changes nothing.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, signInAdmin } from "../testing/test_app.ts";

describeApp("toggle-active with the state wanted", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const made = async (path: string, body: Record<string, unknown>) => (await admin.request("POST", path, { body })).json.id as number;
  const things = {
    users: await addUser(sql, { email: "sam@example.com", firstName: "Sam", lastName: "Stale" }),
    groups: await made("/api/groups", { name: "Night Shift" }),
    rooms: await made("/api/rooms", { name: "Loading Bay" }),
    devices: await made("/api/devices", { name: "Bay Reader", type: "reader" }),
  };
  const isActive = async (table: string, id: number) =>
    (await sql`select is_active from ${sql(table)} where id = ${id}`)[0].isActive as boolean;
  const toggle = (table: string, id: number, body?: unknown) =>
    admin.request("PATCH", `/api/${table}/${id}/toggle-active`, body === undefined ? {} : { body });

  for (const [table, id] of Object.entries(things)) {
    await t.step(`${table}: a deactivation sent twice (another admin's first) leaves it off; audited before and after`, async () => {
      const since = (await sql`select coalesce(max(id), 0)::int as id from audit_events`)[0].id;
      const first = await toggle(table, id, { isActive: false });
      const stale = await toggle(table, id, { isActive: false });
      assertEquals([first.status, first.json.isActive, stale.status, stale.json.isActive], [200, false, 200, false], stale.text);
      assertEquals(await isActive(table, id), false);
      const events = await sql`select action, changes from audit_events where id > ${since} and target_id = ${id} order by id`;
      const type = table.slice(0, -1);
      assertEquals(events.map((e) => [e.action, e.changes]), [
        [`${type}.deactivate`, { isActive: [true, false] }],
        [`${type}.deactivate`, {}],
      ]);
      const on = await toggle(table, id, { isActive: true });
      assertEquals([on.json.isActive, await isActive(table, id)], [true, true]);
    });

    await t.step(`${table}: without a body it flips, both ways (the spec's toggle)`, async () => {
      assertEquals((await toggle(table, id)).json.isActive, false);
      assertEquals((await toggle(table, id)).json.isActive, true);
    });

    await t.step(`${table}: a body that is not { isActive: true | false } is 400 and changes nothing`, async () => {
      for (const body of [{ isActive: "no" }, { isActive: null }, [false], "off"]) {
        const res = await toggle(table, id, body);
        assertEquals(res.status, 400, JSON.stringify(body));
      }
      assertEquals(await isActive(table, id), true);
    });
  }
});
