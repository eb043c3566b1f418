// The process as an operator meets it: configuration errors, a busy port,
// graceful stop, and a restart on the same data folder.
import { assert, assertEquals, assertMatch } from "./testing/assert.ts";
import { connectEmbedded } from "./db/connect.ts";
import { freePort } from "./db/private_postgres.ts";

const DENO = Deno.execPath();

function start(env: Record<string, string>) {
  return new Deno.Command(DENO, {
    args: ["run", "-A", "api/main.ts"],
    env: { DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

async function runToExit(env: Record<string, string>) {
  const { code, stdout, stderr } = await start(env).output();
  const dec = new TextDecoder();
  return { code, out: dec.decode(stdout), err: dec.decode(stderr).trim() };
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy");
}

Deno.test("a bad DATABASE_URL stops with one line naming it", async () => {
  const { code, err } = await runToExit({ DATABASE_URL: "nonsense" });
  assertEquals(code, 1);
  assertEquals(err.split("\n").length, 1);
  assertMatch(err, /^threshold: DATABASE_URL="nonsense" is invalid/);
});

Deno.test("an unreachable database stops with one line", async () => {
  const port = freePort();
  const { code, err } = await runToExit({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`,
  });
  assertEquals(code, 1);
  assertEquals(err.split("\n").length, 1);
  assertMatch(err, /^threshold: cannot reach the database at DATABASE_URL/);
});

Deno.test("a bad PORT stops with one line naming it", async () => {
  const { code, err } = await runToExit({ PORT: "http" });
  assertEquals(code, 1);
  assertMatch(err, /^threshold: PORT="http" is invalid/);
});

Deno.test({
  name: "embedded: busy port refused, graceful stop, restart keeps the data",
  sanitizeResources: false,
  fn: async () => {
    const dataDir = await Deno.makeTempDir();
    const port = freePort();
    try {
      const server = start({ DATA_DIR: dataDir, PORT: String(port) });
      await waitHealthy(port);

      const busy = await runToExit({ DATA_DIR: await Deno.makeTempDir(), PORT: String(port) });
      assertEquals(busy.code, 1);
      assertEquals(busy.err, `threshold: PORT ${port} is already in use`);

      const second = await runToExit({ DATA_DIR: dataDir, PORT: String(freePort()) });
      assertEquals(second.code, 1);
      assertMatch(second.err, /is in use by another Threshold process/);

      server.kill("SIGTERM");
      const stopped = await server.output();
      assertEquals(stopped.code, 0);
      assertMatch(
        new TextDecoder().decode(stopped.stdout),
        /admin@threshold\.test \/ threshold-demo/,
      );

      const db = await connectEmbedded(dataDir);
      const [{ count }] = await db.sql`select count(*)::int as count from users`;
      assert(count >= 20, `demo users were created (${count})`);
      await db.sql`insert into groups (name, description) values ('Kept Across Restarts', 'x')`;
      await db.close();

      const again = start({ DATA_DIR: dataDir, PORT: String(port) });
      await waitHealthy(port);
      again.kill("SIGTERM");
      assertEquals((await again.output()).code, 0);

      const reopened = await connectEmbedded(dataDir);
      const [kept] = await reopened.sql`select count(*)::int as count from groups
        where name = 'Kept Across Restarts'`;
      const [users] = await reopened.sql`select count(*)::int as count from users`;
      await reopened.close();
      assertEquals(kept.count, 1);
      assertEquals(users.count, count, "restart did not seed again");
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
