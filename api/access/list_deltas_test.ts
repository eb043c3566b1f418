// The deltas' states of kinds of room (list_deltas.ts) are kept while rooms of that
// kind are asked for, and forgotten once none has been for UNUSED_MS (a room deleted,
// its doors gone): each holds a share for every one of its people.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { ListDeltas, UNUSED_MS } from "./list_deltas.ts";
import { roomGrants } from "./room_queries.ts";

describeApp("access list deltas' states", async (t, { sql }) => {
  const [hall, gym] = (await sql<{ id: number }[]>`insert into rooms (name) values ('Hall'), ('Gym') returning id`).map((r) => r.id);
  const [staff, guests] = (await sql<{ id: number }[]>`insert into groups (name) values ('Staff'), ('Guests') returning id`).map((r) => r.id);
  await sql`insert into group_rooms (group_id, room_id) values (${staff}, ${hall}), (${guests}, ${gym})`;
  const [{ generation }] = await sql<{ generation: string }[]>`select generation from access_list_generation`;
  const g = BigInt(generation);
  const clock = { now: 0 };
  const deltas = new ListDeltas(() => clock.now);
  const hallGrants = roomGrants(`${staff}:`, null);
  const gymGrants = roomGrants(`${guests}:`, null);

  await t.step("a room asked for keeps its kind's state, however long it is asked for", async () => {
    const first = await deltas.state(sql, g, hall, hallGrants);
    for (let i = 0; i < 4; i++) {
      clock.now += UNUSED_MS / 2;
      assert(await deltas.state(sql, g, hall, hallGrants) === first, "the hall's state was made again while asked for");
    }
  });

  await t.step("a room not asked for within UNUSED_MS is forgotten with its state; asked again, it is made again", async () => {
    const before = await deltas.state(sql, g, hall, hallGrants);
    clock.now += UNUSED_MS;
    await deltas.state(sql, g, gym, gymGrants); // another room's ask looks for the unused
    const again = await deltas.state(sql, g, hall, hallGrants);
    assert(again !== before, "the hall's state was kept past UNUSED_MS");
    assertEquals(again.share, before.share);
  });
});
