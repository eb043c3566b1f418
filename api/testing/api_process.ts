// The real API as its own process (deno run api/main.ts), for tests that stop and
// start it or need it apart from themselves: the outage test, the door controller's.
import { PRIORITY } from "../db/private_postgres.ts";
export { freePort } from "../db/private_postgres.ts";

export type ApiProcess = {
  /** http://127.0.0.1:<port> */
  base: string;
  process: Deno.ChildProcess;
  /** The last 4,000 characters it wrote to stderr. */
  stderr: () => string;
  /** SIGTERM (a graceful stop) or SIGKILL, and waits until it is gone. */
  stop: (signal?: Deno.Signal) => Promise<void>;
};

/** Starts the API with `env` (at the priority of a private PostgreSQL server) and waits until it listens. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const [cmd, ...args] = [...PRIORITY, Deno.execPath(), "run", "-A", new URL("../main.ts", import.meta.url).pathname];
  const process = new Deno.Command(cmd, {
    args,
    env: { HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DOOR_SIMULATOR: "false", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stderr = "";
  (async () => {
    for await (const chunk of process.stderr.pipeThrough(new TextDecoderStream())) {
      stderr = (stderr + chunk).slice(-4_000);
    }
  })().catch(() => {});
  const base = await listening(process, () => stderr);
  return {
    base,
    process,
    stderr: () => stderr,
    stop: async (signal: Deno.Signal = "SIGTERM") => {
      try {
        process.kill(signal);
      } catch { /* already gone */ }
      await process.status;
    },
  };
}

/** Reads the API's output until it says where it listens. */
async function listening(api: Deno.ChildProcess, stderr: () => string): Promise<string> {
  const reader = api.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const timeout = setTimeout(() => api.kill("SIGKILL"), 60_000);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the API stopped before listening: ${seen} ${stderr()}`);
      seen += value;
      const match = /running at (http:\/\/[^\s]+)/.exec(seen);
      if (match) {
        (async () => {
          while (!(await reader.read()).done) { /* drain */ }
        })().catch(() => {});
        return match[1].replace("localhost", "127.0.0.1");
      }
    }
  } finally {
    clearTimeout(timeout);
  }
}
