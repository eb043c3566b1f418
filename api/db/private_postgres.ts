// A PostgreSQL server of a test's own: its own data folder (a temporary one) and
// port, so a test can stop and restart it. The machine's server (5432) is never
// touched. initdb refuses to run as root, so when the test runs as root the
// binaries run as the `postgres` OS user, who then owns the folder.
const BIN = Deno.env.get("PG_BIN") ?? "/usr/lib/postgresql/15/bin";

/** Whether the PostgreSQL server binaries are installed here. */
export function havePostgresBinaries(): boolean {
  try {
    Deno.statSync(`${BIN}/initdb`);
    Deno.statSync(`${BIN}/pg_ctl`);
    return true;
  } catch {
    return false;
  }
}

export type PrivatePostgres = {
  port: number;
  url: string;
  /** Stops the server (fast: sessions are ended, as at a planned stop) and waits until it is down. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /**
   * Freezes the server and its sessions (SIGSTOP): a database that hangs, as behind a
   * cut network: connections open at the TCP level and nothing answers.
   */
  pause(): Promise<void>;
  /** Lets a paused server go on (SIGCONT). */
  resume(): Promise<void>;
  /** The server's log so far. */
  log(): Promise<string>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
};

/**
 * As root, the server runs at nice -5: a test that measures its answers in ms must
 * not lose them to whatever else runs on a small shared machine (as bench/access.ts
 * does with PRIORITY). Elsewhere, at the usual priority.
 */
export const NICE = Deno.uid() === 0 ? -5 : 0;
/** The command prefix that starts a process at NICE. */
export const PRIORITY = NICE ? ["nice", "-n", String(NICE)] : [];

async function run(args: string[], asUser: string | undefined, quiet = true) {
  const [cmd, ...rest] = asUser ? [...PRIORITY, "runuser", "-u", asUser, "--", ...args] : args;
  const out = await new Deno.Command(cmd, {
    args: rest,
    stdout: quiet ? "piped" : "inherit",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`${args.join(" ")} failed: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** A loopback port nobody listens on now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const asUser = Deno.uid() === 0 ? "postgres" : undefined;
  const dir = await Deno.makeTempDir({ prefix: "threshold_pg_" });
  if (asUser) await run(["chown", asUser, dir], undefined);
  const data = `${dir}/data`;
  await run([
    `${BIN}/initdb`,
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "--no-instructions",
  ], asUser);
  const port = freePort();
  // Unix socket in the folder, TCP on loopback only, small and quiet.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c shared_buffers=16MB",
    "-c max_connections=60",
    "-c log_min_messages=warning",
    "-c log_connections=off",
  ].join(" ");
  let running = false;
  let paused = false;
  /** Sends a signal to the postmaster and every process it started. */
  const signalAll = async (signal: Deno.Signal) => {
    const pid = Number((await Deno.readTextFile(`${data}/postmaster.pid`)).split("\n")[0]);
    const children = await new Deno.Command("pgrep", { args: ["-P", String(pid)], stdout: "piped" }).output();
    const pids = [pid, ...new TextDecoder().decode(children.stdout).split("\n").filter(Boolean).map(Number)];
    for (const p of signal === "SIGSTOP" ? pids : pids.reverse()) {
      try {
        Deno.kill(p, signal);
      } catch { /* gone meanwhile */ }
    }
  };
  const ctl = (...args: string[]) => run([`${BIN}/pg_ctl`, "-D", data, ...args], asUser);
  const server: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await ctl("-w", "-t", "30", "-l", `${dir}/server.log`, "-o", options, "start");
      running = true;
    },
    async stop(mode = "fast") {
      await ctl("-w", "-t", "30", "-m", mode, "stop");
      running = false;
    },
    async pause() {
      await signalAll("SIGSTOP");
      paused = true;
    },
    async resume() {
      await signalAll("SIGCONT");
      paused = false;
    },
    log: () => Deno.readTextFile(`${dir}/server.log`).catch(() => ""),
    async destroy() {
      try {
        if (paused) await server.resume();
        if (running) await server.stop("immediate");
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  };
  try {
    await server.start();
  } catch (error) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw error;
  }
  return server;
}
