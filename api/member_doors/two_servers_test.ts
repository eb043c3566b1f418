// Unlocking across API processes (spec 3 §7): two real API processes on one
// PostgreSQL database; the door's controller is connected to the first, the member
// uses the second. A challenge made by one is checked by the other, the command
// reaches the door through the first, its acknowledgement reaches the member's
// waiting request on the second (LISTEN/NOTIFY both ways), and the member's live
// channel on the first hears a lockdown written by someone else. Needs DATABASE_URL
// (the embedded database is one process's).
import postgres from "postgres";
import { assert, assertEquals } from "../testing/assert.ts";
import { type ApiProcess, startApi } from "../testing/api_process.ts";
import { SoftAuthenticator } from "../testing/soft_authenticator.ts";
import { events } from "../testing/sse.ts";
import { hashDeviceKey, newDeviceKey } from "../access/device_keys.ts";
import { hashPassword } from "../auth/password.ts";
import { DoorController } from "../../door/controller.ts";
import { fileStore } from "../../door/state_file.ts";

const url = Deno.env.get("DATABASE_URL");

Deno.test({
  name: "unlock with Face ID through one API process, the door connected to another",
  ignore: !url,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const name = `threshold_unlock_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const server = postgres(url!, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const work = await Deno.makeTempDir({ prefix: "threshold-unlock-" });
    const apis: ApiProcess[] = [];
    let door: DoorController | undefined;
    try {
      // The first process migrates; then the building, straight in the database.
      apis.push(await startApi({ DATABASE_URL: target.toString(), DEMO: "false" }));
      apis.push(await startApi({ DATABASE_URL: target.toString(), DEMO: "false" }));
      const [a, b] = apis.map((api) => api.base);
      const sql = postgres(target.toString(), { max: 1, onnotice: () => {}, transform: postgres.camel });
      const key = newDeviceKey();
      try {
        await sql`insert into users (email, password_hash, first_name, last_name)
          values ('ada@example.com', ${await hashPassword("correct horse battery")}, 'Ada', 'Lovelace')`;
        const [room] = await sql`insert into rooms (name) values ('Lab') returning id`;
        const [group] = await sql`insert into groups (name) values ('Engineers') returning id`;
        await sql`insert into user_groups (user_id, group_id) select id, ${group.id} from users`;
        await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
        const [device] = await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
          values ('Lab Reader', 'DEV1', 'reader', ${room.id}, ${hashDeviceKey(key)}, now()) returning id`;

        const lines: string[] = [];
        door = new DoorController({ url: a, key, store: fileStore(`${work}/door.json`), print: (line) => lines.push(line) });
        await door.start();
        for (let i = 0; i < 250 && !lines.some((l) => /stream connected/.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
        assert(lines.some((l) => /stream connected/.test(l)), lines.join("\n"));

        // Ada signs in on the second process (the session is the database's, so the first knows it too).
        const login = await fetch(`${b}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: b },
          body: JSON.stringify({ email: "ada@example.com", password: "correct horse battery" }),
        });
        const cookie = login.headers.getSetCookie()[0].split(";")[0];
        await login.body?.cancel();
        const send = async (base: string, path: string, body?: unknown) => {
          const res = await fetch(`${base}${path}`, {
            method: "POST",
            headers: { cookie, origin: base, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, json: await res.json() };
        };
        // One RP ID (127.0.0.1) for both, as one site's servers share theirs.
        const phone = await SoftAuthenticator.create(b);
        const registration = await send(b, "/api/auth/passkey/register/options");
        assertEquals((await send(b, "/api/auth/passkey/register/verify", await phone.register(registration.json.challenge))).status, 201);

        // The member's live channel on the first process.
        const stream = events(await fetch(`${a}/api/me/stream`, { headers: { cookie } }));
        assert((await stream.next()) !== "closed");

        // Options from the first, the unlock on the second; the door is the first's.
        const options = await send(a, `/api/me/doors/${room.id}/unlock/options`);
        assertEquals(options.status, 200);
        const unlocked = await send(b, `/api/me/doors/${room.id}/unlock`, await phone.assert(options.json.challenge));
        assertEquals(unlocked.status, 200, JSON.stringify(unlocked.json));
        assertEquals(unlocked.json.doors, [{ deviceId: device.id, name: "Lab Reader", result: "unlocked" }]);
        assert(lines.includes("door unlocked remotely for Ada Lovelace"), lines.join("\n"));

        // A lockdown started elsewhere (here: straight in the database) reaches the first's member stream.
        await sql`insert into lockdowns (scope, reason, started_by) values ('all', 'Drill', '{"id": 1, "name": "Someone"}')`;
        const changed = await stream.next();
        assert(changed !== "closed");
        assertEquals(changed.event, "changed");
        await stream.cancel();
      } finally {
        await sql.end();
      }
    } finally {
      await door?.stop();
      for (const api of apis) await api.stop("SIGKILL");
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
      await Deno.remove(work, { recursive: true });
    }
  },
});
