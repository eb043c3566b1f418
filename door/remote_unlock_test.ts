// The reference controller's remote unlocks (spec 3 §3): a command on its stream
// opens the door and is acknowledged `unlocked`; during a lockdown, or once expired,
// it is acknowledged `failed` with why. The app is served on a loopback port in this
// process; the controller runs in it too (door/controller_test.ts runs it as a program).
import { assertEquals, assertMatch } from "../api/testing/assert.ts";
import { describeApp } from "../api/testing/test_app.ts";
import { building } from "../api/access/testing.ts";
import { connectedDoor } from "./testing.ts";

describeApp("door controller: remote unlocks", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const { door, lines, waitFor, close } = await connectedDoor(testApp, b.apiKey);
  const command = async (minutes = 1) =>
    (await sql`insert into device_commands (device_id, user_id, user_name, expires_at)
      values (${b.deviceId}, ${b.userId}, 'Ada Lovelace', now() + make_interval(secs => ${minutes * 60})) returning id`)[0].id;
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
  } finally {
    await close();
  }
});
