// The reference controller following its list by deltas (issue 33), server and door
// real processes: 100 changes one after another, each reaching the door as a delta
// (with list-changed) checked against the server's digest; the list it keeps is the server's, to the byte;
// restarted from disk it goes on with deltas; and alone, it decides every badge as the
// server does.
import { assert, assertEquals } from "../api/testing/assert.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { DEMO_ADMIN } from "../api/demo/seed.ts";
import { decideAlone } from "../api/access/offline_decision.ts";
import type { DoorState } from "./state_file.ts";
import { serverOrEmbedded, startDoor } from "./testing.ts";

const plain = (tag: string | null) => tag?.replace(/-gzip"$/, '"');

Deno.test({
  name: "door controller: 100 changes followed by deltas, restarted from disk, deciding alone as the server does",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const place = await serverOrEmbedded("delta");
    const env: Record<string, string> = { ...place.env, DEMO: "true", PORT: String(freePort()) };
    const api: ApiProcess = await startApi(env);
    const doors: ReturnType<typeof startDoor>[] = [];
    try {
      const base = api.base;
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      });
      const cookie = login.headers.getSetCookie()[0].split(";")[0];
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        assert(res.status < 300, `${method} ${path}: ${res.status} ${text}`);
        return text ? JSON.parse(text) : undefined;
      };

      // A room with a reader; 24 people with badges: six in a group holding it, 14 in
      // another (so that the six's grant changed is less than the list), four outside.
      const room = await call("POST", "/api/rooms", { name: "Delta test hall" });
      const group = await call("POST", "/api/groups", { name: "Delta test staff" });
      const guards = await call("POST", "/api/groups", { name: "Delta test guards", lockdownOverride: true });
      await call("POST", `/api/groups/${group.id}/rooms/${room.id}`);
      await call("POST", `/api/groups/${guards.id}/rooms/${room.id}`);
      const regulars = await call("POST", "/api/groups", { name: "Delta test regulars" });
      await call("POST", `/api/groups/${regulars.id}/rooms/${room.id}`);
      const people: number[] = [];
      for (let i = 0; i < 24; i++) {
        const user = await call("POST", "/api/users", {
          firstName: `Person${i}`,
          lastName: "Deltatest",
          email: `p${i}@delta.test`,
          password: "analytical-engine",
        });
        await call("POST", `/api/users/${user.id}/credentials`, { type: "HID Prox", facilityCode: "33", cardCode: String(3300 + i) });
        if (i < 20) await call("POST", `/api/groups/${i < 6 ? group.id : regulars.id}/users/${user.id}`);
        people.push(user.id);
      }
      const schedule = await call("POST", "/api/schedules", { name: "Delta test nights", timeZone: "UTC", weekly: { sunday: [{ start: "00:00", end: "01:00" }] } });
      const device = await call("POST", "/api/devices", { name: "Delta test reader", type: "reader", roomId: room.id });
      const key = (await call("POST", `/api/devices/${device.id}/api-key`)).apiKey as string;
      const statePath = `${place.work}/door.json`;
      let door = startDoor(base, key, statePath);
      doors.push(door);
      await door.waitFor(/stream connected/);
      await door.waitFor(/ list "/);

      // 100 changes, each to this door's list, of every kind an admin makes here.
      let lockdown: number | undefined;
      const joined = new Set<number>();
      const changes: ((i: number) => Promise<unknown>)[] = [
        async (i) => {
          const user = people[20 + (i % 4)];
          await call(joined.has(user) ? "DELETE" : "POST", `/api/groups/${group.id}/users/${user}`);
          if (!joined.delete(user)) joined.add(user);
        },
        (i) => call("PUT", `/api/users/${people[4]}`, { firstName: `Renamed${i}`, lastName: "Deltatest", email: "p4@delta.test" }),
        (i) => call("POST", `/api/users/${people[5]}/credentials`, { type: "EM41", cardCode: `5${i}` }),
        () => call("PATCH", `/api/users/${people[2]}/toggle-active`),
        (i) => call("PUT", `/api/groups/${group.id}/rooms/${room.id}`, { scheduleId: i % 2 ? null : schedule.id }),
        (i) => call(i % 2 ? "POST" : "DELETE", `/api/groups/${guards.id}/users/${people[3]}`),
        async () => {
          if (lockdown === undefined) {
            lockdown = (await call("POST", "/api/lockdowns", { scope: "rooms", roomIds: [room.id], reason: "Delta test" })).id;
          } else {
            await call("POST", `/api/lockdowns/${lockdown}/end`);
            lockdown = undefined;
          }
        },
      ];
      const deltas = () => door.lines.filter((l) => / list delta /.test(l)).length;
      const wholes = () => door.lines.filter((l) => / list "/.test(l)).length;
      for (let i = 0; i < 100; i++) {
        const from = door.lines.length;
        await changes[i % changes.length](i);
        await door.waitFor(/ list delta /, from);
      }
      assertEquals(deltas(), 100);
      // Each came with its list-changed: the door asked for none.
      assertEquals(door.lines.filter((l) => / list delta .* \(with list-changed\)/.test(l)).length, 100);
      assertEquals(wholes(), 1, "one whole list, at the start");
      assert(!door.lines.some((l) => /does not make|does not match/.test(l)), door.lines.join("\n"));

      // What it keeps is the server's list, to the byte, and the version of it.
      const server = await fetch(`${base}/api/access/devices/self/access-list`, { headers: { authorization: `Bearer ${key}` } });
      const kept = JSON.parse(await Deno.readTextFile(statePath)) as DoorState;
      assertEquals(JSON.stringify(kept.list), await server.text());
      assertEquals([kept.version, plain(kept.etag)], [server.headers.get("access-list-version"), plain(server.headers.get("etag"))]);

      // Restarted from disk, it goes on with deltas.
      await door.stop();
      door = startDoor(base, key, statePath);
      doors.push(door);
      await door.waitFor(/list from disk/);
      await door.waitFor(/stream connected/);
      const from = door.lines.length;
      await call("PUT", `/api/users/${people[0]}`, { firstName: "Restarted", lastName: "Deltatest", email: "p0@delta.test" });
      await door.waitFor(/ list delta .*: 1 changed, 0 removed/, from);
      assertEquals(wholes(), 0, "no whole list after the restart");

      // Alone, from what it keeps, it decides every badge as the server does now.
      const list = (JSON.parse(await Deno.readTextFile(statePath)) as DoorState).list!;
      for (let i = 0; i < 24; i++) {
        const credential = { type: "HID Prox", facilityCode: "33", cardCode: String(3300 + i) } as const;
        const res = await fetch(`${base}/api/access/decisions`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ credential, action: "Unlock" }),
        });
        const server = await res.json();
        const alone = decideAlone(list, credential, new Date());
        assertEquals(alone.decision, server.decision, `badge ${i}: ${JSON.stringify([alone, server])}`);
        // Alone, a badge not in the list is refused without a reason (the server knows which).
        if (alone.reason !== null) assertEquals([alone.reason, alone.userName], [server.reason, server.userName]);
      }
    } finally {
      for (const door of doors) await door.stop().catch(() => {});
      await api.stop("SIGKILL");
      await place.drop();
    }
  },
});
