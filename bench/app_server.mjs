// The pieces the browser benchmarks share: the real server on a fresh embedded
// database with demo data (or BASE_URL), a demo account's session cookie, and the
// median of a run's figures.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function freePort() {
  return await new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The real server (`dist/` as built) on a fresh embedded database with demo data, unless BASE_URL names one. */
export async function startServer() {
  if (process.env.BASE_URL) return { url: process.env.BASE_URL, stop: async () => {} };
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "threshold-bench-"));
  const child = spawn("node_modules/.bin/deno", ["run", "-A", "api/main.ts", "--demo"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dir,
      PORT: String(port),
      LOG_LEVEL: "warn",
      DOOR_SIMULATOR: "false",
    },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error("server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () => stopChild(child, dir),
  };
}

/** Stops a process this benchmark started and removes the folder it worked in. */
export async function stopChild(child, dir) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  // A browser's helper processes may still be writing into its profile as its
  // main process exits: removal retries on ENOTEMPTY, as Node advises.
  rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}

/** The session cookie of a demo account (POST /api/auth/login), as the browser would send it. */
export async function sessionCookie(url, account) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
