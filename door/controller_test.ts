// The reference door controller against a real server, both real processes
// (spec 3 §3, issue 16): with the server running, then stopped (badges decided
// alone: one during an active lockdown, one let through it by an override group,
// one after a schedule window closed meanwhile, seen by a controller restarted
// while the server was gone), then started again: every decision made alone is in
// the access log exactly once, each the decision the server makes for it.
import postgres from "postgres";
import { assert, assertEquals, assertMatch } from "../api/testing/assert.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { DEMO_ADMIN } from "../api/demo/seed.ts";
import { connectEmbedded, type Sql } from "../api/db/connect.ts";
import { serverOrEmbedded, startDoor } from "./testing.ts";

const DAY = 86_400_000;

Deno.test({
  name: "door controller: server running, stopped, restarted; decisions alone logged exactly once",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const place = await serverOrEmbedded("door");
    const work = place.work;
    const env: Record<string, string> = { ...place.env, DEMO: "true", PORT: String(freePort()) };
    let api: ApiProcess | undefined = await startApi(env);
    const doors: ReturnType<typeof startDoor>[] = [];
    try {
      const base = api.base;
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      });
      assertEquals(login.status, 200);
      const cookie = login.headers.getSetCookie()[0].split(";")[0];
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await res.json();
        assert(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      };

      // Two rooms with a reader each; Una on Always in the lab, and in the vault on
      // a schedule open all day except the day before yesterday (a holiday, UTC);
      // Otto in a group that passes lockdowns.
      const lab = await call("POST", "/api/rooms", { name: "Door test lab" });
      const vault = await call("POST", "/api/rooms", { name: "Door test vault" });
      const holiday = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
      const calendar = await call("POST", "/api/holiday-calendars", {
        name: "Door test days off",
        holidays: [{ name: "Closed", date: holiday, repeatsYearly: false, windows: [] }],
      });
      const allDay = [{ start: "00:00", end: "24:00" }];
      const schedule = await call("POST", "/api/schedules", {
        name: "Door test open",
        timeZone: "UTC",
        weekly: Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, allDay])),
        holidayCalendarId: calendar.id,
      });
      const staff = await call("POST", "/api/groups", { name: "Door test staff" });
      const responders = await call("POST", "/api/groups", { name: "Door test responders", lockdownOverride: true });
      await call("POST", `/api/groups/${staff.id}/rooms/${lab.id}`);
      await call("POST", `/api/groups/${staff.id}/rooms/${vault.id}`, { scheduleId: schedule.id });
      await call("POST", `/api/groups/${responders.id}/rooms/${lab.id}`);
      const person = async (firstName: string, group: number, card: string) => {
        const user = await call("POST", "/api/users", {
          firstName,
          lastName: "Doortest",
          email: `${firstName.toLowerCase()}@door.test`,
          password: "analytical-engine",
        });
        await call("POST", `/api/groups/${group}/users/${user.id}`);
        await call("POST", `/api/users/${user.id}/credentials`, { type: "HID Prox", facilityCode: "77", cardCode: card });
        return user.id as number;
      };
      const una = await person("Una", staff.id, "7001");
      const otto = await person("Otto", responders.id, "7002");
      const reader = async (room: number, name: string) => {
        const device = await call("POST", "/api/devices", { name, type: "reader", roomId: room });
        return (await call("POST", `/api/devices/${device.id}/api-key`)).apiKey as string;
      };
      const labKey = await reader(lab.id, "Door test lab reader");
      const vaultKey = await reader(vault.id, "Door test vault reader");

      // Server running: the lab's door hears of its lockdown and asks the server.
      const labDoor = startDoor(base, labKey, `${work}/lab.json`);
      doors.push(labDoor);
      await labDoor.waitFor(/stream connected/);
      const from = labDoor.lines.length;
      await call("POST", "/api/lockdowns", { scope: "rooms", roomIds: [lab.id], reason: "Door test" });
      await labDoor.waitFor(/list .* \(2 users, lockdown\)/, from);
      assertMatch(await labDoor.badge("HID Prox 77 7001"), /denied Una Doortest: Lockdown in effect \(server\)/);
      assertMatch(await labDoor.badge("HID Prox 77 7002"), /granted Otto Doortest: Access granted \(server\)/);
      let vaultDoor = startDoor(base, vaultKey, `${work}/vault.json`);
      doors.push(vaultDoor);
      await vaultDoor.waitFor(/list .* \(1 users, no lockdown\)/);
      assertMatch(await vaultDoor.badge("HID Prox 77 7001"), /granted Una Doortest: Access granted \(server\)/);

      // The server stopped: the doors decide alone.
      await api.stop();
      api = undefined;
      const alone: { line: string; eventId: string }[] = [];
      const decideAlone = async (door: ReturnType<typeof startDoor>, badge: string, expected: RegExp) => {
        const line = await door.badge(badge);
        assertMatch(line, expected);
        alone.push({ line, eventId: line.split(" ").pop()! });
      };
      await decideAlone(labDoor, "HID Prox 77 7001", /denied Una Doortest: Lockdown in effect \(alone/);
      await decideAlone(labDoor, "HID Prox 77 7002", /granted Otto Doortest: Access granted \(alone/);
      await decideAlone(labDoor, "HID Prox 77 9999", /denied -: Not in this door's access list \(alone/);
      // The vault's controller restarted while the server is gone, its clock set to the
      // holiday (its window closed: a controlled clock, back two days, as the server
      // takes no event from the future): it decides from what it kept on disk.
      await vaultDoor.stop();
      vaultDoor = startDoor(base, vaultKey, `${work}/vault.json`, -2 * DAY);
      doors.push(vaultDoor);
      await vaultDoor.waitFor(/list from disk/);
      await decideAlone(vaultDoor, "HID Prox 77 7001", /denied Una Doortest: Outside the allowed hours for this room \(alone/);

      // The server back (same port): each door hands over what it decided alone.
      api = await startApi(env);
      await labDoor.waitFor(/uploaded 3 decided alone \(3 new, 0 already there\)/, 0, 30_000);
      await vaultDoor.waitFor(/uploaded 1 decided alone \(1 new, 0 already there\)/, 0, 30_000);

      // The server decides as the doors did alone (the vault's: at that hour, below).
      assertMatch(await labDoor.badge("HID Prox 77 7001"), /denied Una Doortest: Lockdown in effect \(server\)/);
      assertMatch(await labDoor.badge("HID Prox 77 7002"), /granted Otto Doortest: Access granted \(server\)/);
      assertMatch(await labDoor.badge("HID Prox 77 9999"), /denied -: Unknown credential \(server\)/);

      // The log, read straight from the database (the embedded one once its server is gone).
      await api.stop();
      api = undefined;
      const db = env.DATABASE_URL
        ? { sql: postgres(env.DATABASE_URL, { max: 1, onnotice: () => {}, transform: postgres.camel }) as unknown as Sql, close: () => Promise.resolve() }
        : await connectEmbedded(env.DATA_DIR);
      try {
        const rows = await db.sql<{ eventId: string; outcome: string; reason: string | null; userId: number | null }[]>`
          select event_id, outcome, reason, user_id from access_logs
          where event_id = any(${alone.map((a) => a.eventId)}::uuid[])`;
        const byId = new Map(rows.map((r) => [r.eventId, r]));
        assertEquals(rows.length, alone.length, "each decision made alone logged exactly once");
        assertEquals(alone.map((a) => byId.get(a.eventId)).map((r) => [r?.outcome, r?.reason, r?.userId]), [
          ["denied", "Lockdown in effect", una],
          ["success", null, otto],
          ["denied", "Denied by the controller", null],
          ["denied", "Outside the allowed hours for this room", una],
        ]);
        // The server's rule for the vault's badge at the hour the door decided it.
        const at = new Date(Date.parse(alone[3].line.split(" ")[0]));
        const [{ open }] = await db.sql`select schedule_open(${schedule.id}, ${at}) as open`;
        assertEquals(open, false);
      } finally {
        if (env.DATABASE_URL) await db.sql.end();
        await db.close();
      }
    } finally {
      for (const door of doors) await door.stop().catch(() => {});
      await api?.stop("SIGKILL");
      await place.drop();
    }
  },
});
