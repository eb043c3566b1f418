// The reference controller's door inputs (spec 4 §1): each reported with whether it
// had released the lock, the server's alarms following; kept while the server cannot
// be reached and handed over in order once it can. The app is served on a loopback
// port in this process; the controller runs in it too.
import { assert, assertEquals } from "../api/testing/assert.ts";
import { describeApp } from "../api/testing/test_app.ts";
import { building, CARD } from "../api/access/testing.ts";
import { connectedDoor } from "./testing.ts";

describeApp("door controller: door inputs", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const { door, waitFor, close } = await connectedDoor(testApp, b.apiKey);
  const reported = async () =>
    [...await sql<{ type: string; released: boolean | null; at: Date }[]>`
      select type, released, at from door_events where device_id = ${b.deviceId} order by at, id`];
  const unresolved = async () =>
    (await sql<{ type: string }[]>`select type from alarms where device_id = ${b.deviceId} and resolved_at is null order by id`)
      .map((a) => a.type);
  const uploadedAll = async () => {
    for (let i = 0; i < 250 && (await door.pendingDoorInputs()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
  };
  try {
    await door.start();
    await waitFor(/stream connected/);

    await t.step("an opening nobody was let through for is forced: reported not released, alarmed", async () => {
      await door.doorInput("door.opened");
      await uploadedAll();
      assertEquals((await reported()).map((e) => [e.type, e.released]), [["door.opened", false]]);
      assertEquals(await unresolved(), ["door.forced_open"]);
      await door.doorInput("door.closed");
      await uploadedAll();
      const [forced] = await sql`select cleared_at from alarms where device_id = ${b.deviceId}`;
      assert(forced.clearedAt, "cleared when it shut");
      await sql`update alarms set resolved_at = now(), resolved_by = '{"type":"user","id":1,"name":"A"}'`;
    });

    await t.step("after a grant, and after an exit request, an opening is released", async () => {
      const granted = await door.badge(CARD);
      assertEquals(granted.decision, "granted");
      await door.doorInput("door.opened");
      await door.doorInput("door.closed");
      await door.doorInput("exit.requested");
      await door.doorInput("door.opened");
      await door.doorInput("door.closed");
      await uploadedAll();
      assertEquals((await reported()).slice(2).map((e) => [e.type, e.released]), [
        ["door.opened", true],
        ["door.closed", null],
        ["exit.requested", null],
        ["door.opened", true],
        ["door.closed", null],
      ]);
      assertEquals(await unresolved(), []);
    });

    await t.step("tamper on and off", async () => {
      await door.doorInput("tamper.on");
      await uploadedAll();
      assertEquals(await unresolved(), ["device.tamper"]);
      await door.doorInput("tamper.off");
      await uploadedAll();
      const [tamper] = await sql`select cleared_at from alarms where type = 'device.tamper'`;
      assert(tamper.clearedAt);
    });
  } finally {
    await close();
  }
});
