// A guest at the reference controller across a server outage, both real processes
// (spec 4 §5, issue 30): the keypad's PIN and the QR reader's pass asked of the
// server, then, the server stopped, decided alone from the list's visits (the
// controller's own PIN lockout included); the server back, every decision made alone
// is in the log exactly once, with the visit. A revoke reaches the door within a second.
import postgres from "postgres";
import { assert, assertEquals, assertMatch } from "../api/testing/assert.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { DEMO_ADMIN } from "../api/demo/seed.ts";
import { connectEmbedded, type Sql } from "../api/db/connect.ts";
import { PIN_LOCK } from "../api/access/offline_decision.ts";
import { serverOrEmbedded, startDoor } from "./testing.ts";

const MINUTE = 60_000;

Deno.test({
  name: "door controller: a guest let in by PIN and pass with the server stopped, logged once after it returns",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const place = await serverOrEmbedded("guest_outage");
    const env: Record<string, string> = { ...place.env, DEMO: "true", PORT: String(freePort()) };
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
        assertEquals(login.status, 200);
        const cookie = login.headers.getSetCookie()[0].split(";")[0];
        return async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: { cookie, origin: base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const json = await res.json();
          assert(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
          return json;
        };
      };
      let call = await admin();
      const room = await call("POST", "/api/rooms", { name: "Guest test lobby" });
      const device = await call("POST", "/api/devices", { name: "Guest test keypad", type: "reader", roomId: room.id });
      const key = (await call("POST", `/api/devices/${device.id}/api-key`)).apiKey as string;
      const visit = await call("POST", "/api/visits", {
        guestName: "Gus Guest",
        roomIds: [room.id],
        startsAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
        endsAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
      });
      const code = new URL(visit.passUrl).pathname.split("/").pop()!;
      const guest = `Gus Guest \\(guest of ${visit.host.name}\\)`;

      door = startDoor(base, key, `${place.work}/door.json`);
      await door.waitFor(/list .* \(0 users, 1 guests, no lockdown\)/);
      await door.waitFor(/stream connected/);
      assertMatch(await door.badge(`PIN ${visit.pin}`), new RegExp(`granted ${guest}: Access granted \\(server\\)`));

      // The server stopped: the door decides alone, from its list's visits.
      await api.stop();
      api = undefined;
      const alone: string[] = [];
      const badge = async (line: string, expected: RegExp) => {
        const printed = await door!.badge(line);
        assertMatch(printed, expected);
        alone.push(printed.split(" ").pop()!);
      };
      await badge(`PIN ${visit.pin}`, new RegExp(`granted ${guest}: Access granted \\(alone`));
      await badge(`PASS THRESHOLD-PASS:${code}`, new RegExp(`granted ${guest}: Access granted \\(alone`));
      const taken = new Set([visit.pin]);
      const wrong = Array.from({ length: 10 }, (_, i) => String(100_000 + i * 7_919)).filter((p) => !taken.has(p));
      for (const pin of wrong.slice(0, PIN_LOCK.wrongPins)) {
        await badge(`PIN ${pin}`, /denied -: Not in this door's access list \(alone/);
      }
      // Five wrong PINs in a minute: the door refuses PINs, the right one too (naming
      // nobody: which PIN was right is no one's business); a pass still works.
      await badge(`PIN ${visit.pin}`, /denied -: Too many wrong PINs, try again in a minute \(alone/);
      // Restarted (a crash, a power cut) while the server is still away: the lockout
      // was kept on disk with the list, so a restart gives no five more guesses.
      await door.stop();
      door = startDoor(base, key, `${place.work}/door.json`);
      await door.waitFor(/list from disk/);
      await badge(`PIN ${visit.pin}`, /denied -: Too many wrong PINs, try again in a minute \(alone/);
      await badge(`PASS ${code}`, new RegExp(`granted ${guest}: Access granted \\(alone`));

      // Back: handed over, each once.
      const back = door.lines.length;
      api = await startApi(env);
      const n = alone.length;
      await door.waitFor(new RegExp(`uploaded ${n} decided alone \\(${n} new, 0 already there\\)`), 0, 45_000);

      // A revoke reaches the door at once (spec 4 §5: within 1 s): its list has no guest.
      call = await admin();
      await door.waitFor(/stream connected/, back);
      const from = door.lines.length;
      const revokedAt = Date.now();
      await call("POST", `/api/visits/${visit.id}/revoke`);
      const listed = await door.waitFor(/list .* \(0 users, no lockdown\)/, from, 5_000);
      const heardIn = Date.parse(listed.split(" ")[0]) - revokedAt;
      assert(heardIn < 1_000, `the door had the list without the guest ${heardIn} ms after the revoke`);
      assertMatch(await door.badge(`PIN ${visit.pin}`), /denied -: Unknown credential \(server\)/);

      // The log, straight from the database (the embedded one once its server is gone).
      await api.stop();
      api = undefined;
      const db = env.DATABASE_URL
        ? { sql: postgres(env.DATABASE_URL, { max: 1, onnotice: () => {}, transform: postgres.camel }) as unknown as Sql, close: () => Promise.resolve() }
        : await connectEmbedded(env.DATA_DIR);
      try {
        const rows = await db.sql<{ eventId: string; outcome: string; reason: string | null; userName: string | null; credentialType: string; visitId: number | null }[]>`
          select event_id, outcome, reason, user_name, credential_type, visit_id from access_logs
          where event_id = any(${alone}::uuid[])`;
        assertEquals(rows.length, alone.length, "each decision made alone logged exactly once");
        const byId = new Map(rows.map((r) => [r.eventId, r]));
        const named = `Gus Guest (guest of ${visit.host.name})`;
        assertEquals(alone.map((id) => byId.get(id)).map((r) => [r?.outcome, r?.reason, r?.userName, r?.credentialType, r?.visitId]), [
          ["success", null, named, "Visitor PIN", visit.id],
          ["success", null, named, "Visitor Pass", visit.id],
          ...wrong.slice(0, PIN_LOCK.wrongPins).map(() => ["denied", "Denied by the controller", null, "Visitor PIN", null]),
          ["denied", "Too many wrong PINs, try again in a minute", null, "Visitor PIN", null],
          ["denied", "Too many wrong PINs, try again in a minute", null, "Visitor PIN", null],
          ["success", null, named, "Visitor Pass", visit.id],
        ]);
        const [arrival] = await db.sql`select arrived_at from visits where id = ${visit.id}`;
        assert(arrival.arrivedAt, "the first entry was the arrival");
      } finally {
        if (env.DATABASE_URL) await db.sql.end();
        await db.close();
      }
    } finally {
      await door?.stop().catch(() => {});
      await api?.stop("SIGKILL");
      await place.drop();
    }
  },
});
