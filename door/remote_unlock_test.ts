// The reference controller's remote unlocks (spec 3 §3): a command on its stream
// opens the door and is acknowledged `unlocked`; during a lockdown (unless for a user
// whose group overrides it, spec 3 §2), or once expired, it is acknowledged `failed`
// with why. The app is served on a loopback port in this
// process; the controller runs in it too (door/controller_test.ts runs it as a program).
import { assertEquals, assertMatch } from "../api/testing/assert.ts";
import { describeApp } from "../api/testing/test_app.ts";
import { addUser } from "../api/testing/test_app.ts";
import { building } from "../api/access/testing.ts";
import { connectedDoor } from "./testing.ts";

describeApp("door controller: remote unlocks", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const { door, lines, waitFor, close } = await connectedDoor(testApp, b.apiKey);
  const command = async (user = { id: b.userId, name: "Ada Lovelace" }) =>
    (await sql`insert into device_commands (device_id, user_id, user_name, expires_at)
      values (${b.deviceId}, ${user.id}, ${user.name}, now() + interval '1 minute') returning id`)[0].id;
  const answer = async (id: number) => {
    for (let i = 0; i < 250; i++) {
      const [row] = await sql`select result, message from device_commands where id = ${id} and acked_at is not null`;
      if (row) return [row.result, row.message];
      await new Promise((r) => setTimeout(r, 20));
    }
    return "never acknowledged";
  };
  try {
    await door.start();
    assertEquals(await waitFor(/stream connected/), lines.find((l) => /stream connected/.test(l)));

    await t.step("an unlock opens the door and is acknowledged unlocked", async () => {
      const id = await command();
      assertEquals(await waitFor(/door unlocked remotely for Ada Lovelace/), "door unlocked remotely for Ada Lovelace");
      assertEquals(await answer(id), ["unlocked", null]);
    });

    await t.step("during a lockdown of its room it is refused, and says why", async () => {
      const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
      assertEquals(started.status, 201);
      // The list it decides by now says lockdown ("…, no lockdown)" is every earlier list's).
      assertMatch(await waitFor(/users, lockdown\)/), /users, lockdown\)/);
      const id = await command();
      assertEquals(await answer(id), ["failed", "Lockdown in effect"]);
      assertEquals(await waitFor(/refused: Lockdown in effect/), "remote unlock for Ada Lovelace refused: Lockdown in effect");
      await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    });

    await t.step("during a lockdown it opens for a user whose group overrides it, and only for them", async () => {
      const otto = { id: await addUser(sql, { email: "otto@example.com", firstName: "Otto", lastName: "Responder" }), name: "Otto Responder" };
      const [responders] = await sql`insert into groups (name, lockdown_override) values ('Responders', true) returning id`;
      await sql`insert into user_groups (user_id, group_id) values (${otto.id}, ${responders.id})`;
      await sql`insert into group_rooms (group_id, room_id) values (${responders.id}, ${b.roomId})`;
      const started = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
      assertEquals(started.status, 201);
      assertMatch(await waitFor(/2 users, lockdown\)/), /2 users, lockdown\)/);
      const id = await command(otto);
      assertEquals(await answer(id), ["unlocked", null]);
      assertEquals(await waitFor(/door unlocked remotely for Otto/), "door unlocked remotely for Otto Responder");
      const refused = await command();
      assertEquals(await answer(refused), ["failed", "Lockdown in effect"]);
      await b.admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    });
  } finally {
    await close();
  }
});
