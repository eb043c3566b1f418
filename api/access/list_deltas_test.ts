// The deltas' states of kinds of room (list_deltas.ts): a deleted room is forgotten,
// and its kind's state with it once no room has that kind (each holds a share for
// every one of its people); the rooms still there keep theirs, moved on.
import { assert } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { ListDeltas } from "./list_deltas.ts";
import { roomGrants } from "./room_queries.ts";

describeApp("access list deltas' states", async (t, { sql }) => {
  const [hall, gym] = (await sql<{ id: number }[]>`insert into rooms (name) values ('Hall'), ('Gym') returning id`).map((r) => r.id);
  const [staff, guests] = (await sql<{ id: number }[]>`insert into groups (name) values ('Staff'), ('Guests') returning id`).map((r) => r.id);
  await sql`insert into group_rooms (group_id, room_id) values (${staff}, ${hall}), (${guests}, ${gym})`;
  const generation = async () => BigInt((await sql<{ g: string }[]>`select generation as g from access_list_generation`)[0].g);
  const deltas = new ListDeltas();
  const hallGrants = roomGrants(`${staff}:`, null);
  const gymGrants = roomGrants(`${guests}:`, null);

  await t.step("a deleted room's state goes with the next room-level change; the others are moved on", async () => {
    const g = await generation();
    const hallBefore = await deltas.state(sql, g, hall, hallGrants);
    const gymBefore = await deltas.state(sql, g, gym, gymGrants);
    await sql`delete from rooms where id = ${gym}`;
    const after = await generation();
    assert(after > g, "deleting a room with grants is a change of the lists");
    // Moved on, not made again: the same shares, now of the newer generation.
    const hallAfter = await deltas.state(sql, after, hall, hallGrants);
    assert(hallAfter.generation === after && hallAfter.shares === hallBefore.shares, "the hall's state was made again");
    // The gym's kind is no room's any more: asked for, it is made anew.
    assert((await deltas.state(sql, after, gym, gymGrants)).shares !== gymBefore.shares, "the deleted gym's state was kept");
  });
});
