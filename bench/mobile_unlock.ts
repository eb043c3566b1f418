// Unlock with Face ID, tap to door acknowledged (spec 3 §4, issue 17): the real API
// as its own process on a throwaway database (DATABASE_URL's server), the reference
// controller as its own process (door/main.ts) connected to the room's reader, and
// members whose passkeys are software authenticators (api/testing/soft_authenticator.ts)
// producing real assertions. Each unlock is timed from the tap (asking for the
// options) to the answer saying the door acknowledged (`unlocked`), leaving out the
// authenticator's own part (on a phone, the Face ID prompt). Sequential, 200 unlocks
// spread over 25 members (the throttle allows each 10 at once).
// Budget: p99 < 1 s.
//
//   npx deno run -A bench/mobile_unlock.ts     (UNLOCKS= changes the count)
import { throwawayDatabase } from "./throwaway_db.ts";
import { startApi } from "../api/testing/api_process.ts";
import { hashDeviceKey, newDeviceKey } from "../api/access/device_keys.ts";
import { hashPassword } from "../api/auth/password.ts";
import { SoftAuthenticator } from "../api/testing/soft_authenticator.ts";
import { UNLOCK_BURST } from "../api/member_doors/throttle.ts";

const UNLOCKS = Number(Deno.env.get("UNLOCKS") ?? 200);
const MEMBERS = Math.ceil(UNLOCKS / (UNLOCK_BURST - 2));
const BUDGET_P99_MS = 1_000;
const PASSWORD = "bench-password";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const db = await throwawayDatabase();
const sql = db.sql;
const work = await Deno.makeTempDir({ prefix: "threshold-bench-door-" });
try {
  const hash = await hashPassword(PASSWORD);
  const [room] = await sql`insert into rooms (name) values ('Bench Room') returning id`;
  const [group] = await sql`insert into groups (name) values ('Bench Members') returning id`;
  await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'member' || n || '@bench.test', ${hash}, 'Member', 'No ' || n from generate_series(1, ${MEMBERS}) n`;
  await sql`insert into user_groups (user_id, group_id) select id, ${group.id} from users`;
  const key = newDeviceKey();
  await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
    values ('Bench Reader', 'BENCH-1', 'reader', ${room.id}, ${hashDeviceKey(key)}, now())`;

  const api = await startApi({ DATABASE_URL: db.url, DEMO: "false" });
  const door = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../door/main.ts", import.meta.url).pathname, "--url", api.base, "--key", key, "--state", `${work}/door.json`],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const doorLines: string[] = [];
  let connected!: () => void;
  const streamConnected = new Promise<void>((resolve) => (connected = resolve));
  (async () => {
    for await (const chunk of door.stdout.pipeThrough(new TextDecoderStream())) {
      for (const line of chunk.split("\n").filter(Boolean)) {
        doorLines.push(line);
        if (line.includes("stream connected")) connected();
      }
    }
  })().catch(() => {});
  try {
    const base = api.base;
    const send = async (path: string, cookie: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    // Each member signs in and sets up Face ID through the app's own calls.
    const members: { cookie: string; phone: SoftAuthenticator }[] = [];
    for (let n = 1; n <= MEMBERS; n++) {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: `member${n}@bench.test`, password: PASSWORD }),
      });
      const cookie = login.headers.getSetCookie()[0].split(";")[0];
      await login.body?.cancel();
      const phone = await SoftAuthenticator.create(base);
      const options = await send("/api/auth/passkey/register/options", cookie);
      await send("/api/auth/passkey/register/verify", cookie, await phone.register(options.challenge));
      members.push({ cookie, phone });
    }
    await streamConnected;
    console.log(`${MEMBERS} members with Face ID, 1 room, its reader's controller connected; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);

    const times: number[] = [];
    for (let i = 0; i < UNLOCKS; i++) {
      const { cookie, phone } = members[i % MEMBERS];
      const tapped = performance.now();
      const options = await send(`/api/me/doors/${room.id}/unlock/options`, cookie);
      const prompt = performance.now();
      const assertion = await phone.assert(options.challenge); // the Face ID prompt, left out
      const prompted = performance.now();
      const answer = await send(`/api/me/doors/${room.id}/unlock`, cookie, assertion);
      const acknowledged = performance.now();
      if (answer.doors?.[0]?.result !== "unlocked") throw new Error(`unlock ${i}: ${JSON.stringify(answer)}`);
      times.push(acknowledged - tapped - (prompted - prompt));
    }
    const opened = doorLines.filter((line) => line.includes("door unlocked remotely")).length;
    const sorted = times.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(`the controller opened ${opened} times`);
    console.log(
      `tap to door acknowledged, ${sorted.length} unlocks: p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (budget p99 < ${BUDGET_P99_MS} ms): ${p99 < BUDGET_P99_MS ? "ok" : "FAIL"}`,
    );
  } finally {
    door.kill("SIGTERM");
    await door.status;
    await api.stop("SIGKILL");
  }
} finally {
  await db.close();
  await Deno.remove(work, { recursive: true });
}
