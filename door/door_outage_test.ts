// Door inputs across a server outage, both real processes (spec 4 §1, §2; issue 27):
// the server stopped, a door forced open and shut at the controller, the server
// started again: the controller hands the inputs over in order, and the alarm appears,
// judged at the time it happened (started when the door opened, cleared when it shut).
import { assert, assertEquals } from "../api/testing/assert.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { DEMO_ADMIN } from "../api/demo/seed.ts";
import { serverOrEmbedded, startDoor } from "./testing.ts";

Deno.test({
  name: "door inputs across an outage: kept at the controller, the alarm judged at their own time",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const place = await serverOrEmbedded("door_outage");
    const env = { ...place.env, DEMO: "true", PORT: String(freePort()) };
    let api: ApiProcess | undefined = await startApi(env);
    let door: ReturnType<typeof startDoor> | undefined;
    try {
      const base = api.base;
      const admin = async () => {
        const login = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
        });
        const cookie = login.headers.getSetCookie()[0].split(";")[0];
        await login.body?.cancel();
        return async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return await res.json();
        };
      };
      let call = await admin();
      const room = await call("POST", "/api/rooms", { name: "Outage test room" });
      const device = await call("POST", "/api/devices", { name: "Outage test door", type: "reader", roomId: room.id });
      const key = (await call("POST", `/api/devices/${device.id}/api-key`)).apiKey as string;
      door = startDoor(base, key, `${place.work}/door.json`);
      await door.waitFor(/stream connected/);

      // The server stopped: the door is forced open and shut; the controller keeps both.
      await api.stop();
      api = undefined;
      const opened = await door.type("door open", /door\.opened \(not released\)/);
      const closed = await door.type("door close", /door\.closed/);
      const at = (line: string) => Date.parse(line.split(" ")[0]);

      // Back: handed over in order, and judged as they happened.
      api = await startApi(env);
      await door.waitFor(/uploaded 2 door inputs \(2 new, 0 already there\)/, 0, 45_000);
      call = await admin();
      const { items } = await call("GET", `/api/alarms?deviceId=${device.id}`);
      assertEquals(items.length, 1);
      const [alarm] = items;
      assertEquals([alarm.type, alarm.severity, alarm.state], ["door.forced_open", "critical", "active"]);
      // The controller prints its own clock's time a moment after it took the input's.
      const started = Date.parse(alarm.startedAt);
      assert(Math.abs(started - at(opened)) < 1_000, `started ${alarm.startedAt}, opened ${opened}`);
      assert(alarm.clearedAt && Math.abs(Date.parse(alarm.clearedAt) - at(closed)) < 1_000, "cleared when it shut");
    } finally {
      await door?.stop().catch(() => {});
      await api?.stop("SIGKILL");
      await place.drop();
    }
  },
});
