// Starts one real Threshold server for the run: a free port, a fresh database
// (a new database on DATABASE_URL's server, or a fresh PGlite folder) and demo data,
// configured for single sign-on with the test OpenID provider started beside it
// (e2e/oidc_provider.ts), as a deployment with SSO is: /login shows its button.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { startOidcProvider } from "./oidc_provider";

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), "threshold-e2e-"));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `threshold_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString() },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function waitForHealth(baseURL: string, exited: () => string | null) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(`the e2e server stopped: ${failure} (see test-results/server.log)`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the e2e server did not answer /api/health within 60 s");
}

export default async function globalSetup() {
  const port = await freePort();
  const db = await freshDatabase();
  const baseURL = `http://localhost:${port}`;
  mkdirSync("test-results", { recursive: true });
  const log = createWriteStream("test-results/server.log");
  const provider = await startOidcProvider(`${baseURL}/api/auth/oidc/callback`);
  const server = spawn("node_modules/.bin/deno", ["run", "-A", "api/main.ts", "--demo"], {
    // No demo door traffic: log pages and totals must hold still while tests read them.
    // Generous database deadlines, as the API tests' (api/db/test_db.ts): on a busy
    // two-core machine a statement can outlast the production 900 ms, and a 503 then
    // would fail a test about something else; the deadlines have tests of their own.
    env: {
      ...process.env,
      DATABASE_URL: "",
      ...db.env,
      PORT: String(port),
      LOG_LEVEL: "warn",
      DOOR_SIMULATOR: "false",
      // Each test's doors fall silent when it ends: their offline alarms, 90 s later,
      // would move the Alarms badge a later test reads (e2e/doors.spec.ts).
      DEVICE_OFFLINE_SECONDS: "3600",
      DB_STATEMENT_TIMEOUT_MS: "30000",
      DB_CONNECT_TIMEOUT_MS: "10000",
      DECISION_DEADLINE_MS: "30000",
      // Log pages count their rows for the pager within this budget; a busy machine
      // would otherwise give up and show "50+" where a test reads the exact count.
      LOG_COUNT_BUDGET_MS: "10000",
      // The webhook tests' receiver listens on this machine's loopback address.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // The Notifications card's test subscribes to a push service on the loopback address.
      PUSH_ALLOW_PRIVATE: "true",
      ...provider.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exit: string | null = null;
  server.on("exit", (code, signal) => (exit = `exit code ${code ?? signal}`));
  await waitForHealth(baseURL, () => exit);
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    if (!exit) {
      const stopped = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await stopped;
    }
    await provider.stop();
    await db.drop();
  };
}
