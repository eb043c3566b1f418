// The reference controller as tests run it: in this process, connected to a test app
// served on a loopback port (connectedDoor), or as its own program (startDoor); its
// state in a file, and the lines it prints kept to be waited for.
import postgres from "postgres";
import type { TestApp } from "../api/testing/test_app.ts";
import { DoorController } from "./controller.ts";
import { fileStore } from "./state_file.ts";

export async function connectedDoor(testApp: TestApp, key: string) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, testApp.app.fetch);
  const work = await Deno.makeTempDir({ prefix: "threshold-door-" });
  const lines: string[] = [];
  const door = new DoorController({
    url: `http://127.0.0.1:${server.addr.port}`,
    key,
    store: fileStore(`${work}/state.json`),
    print: (line) => lines.push(line),
  });
  return {
    door,
    lines,
    /** The first line matching `pattern`, waited for up to 5 s; else says what was printed. */
    waitFor: async (pattern: RegExp) => {
      for (let i = 0; i < 250 && !lines.some((l) => pattern.test(l)); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return lines.find((l) => pattern.test(l)) ??
        `no line matching ${pattern} in ${JSON.stringify(lines)}`;
    },
    /** Stops the controller and the server, and removes the folder. */
    close: async () => {
      await door.stop();
      await server.shutdown();
      await Deno.remove(work, { recursive: true });
    },
  };
}

/** A controller process: badges in on stdin, its lines read as they come. */
export function startDoor(base: string, key: string, statePath: string, clockOffsetMs = 0) {
  const process = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./main.ts", import.meta.url).pathname, "--url", base, "--key", key, "--state", statePath,
      `--clock-offset=${clockOffsetMs}`],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines: string[] = [];
  const writer = process.stdin.getWriter();
  (async () => {
    let buffer = "";
    for await (const chunk of process.stdout.pipeThrough(new TextDecoderStream())) {
      buffer += chunk;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        lines.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
      }
    }
  })().catch(() => {});
  /** The first line from `from` on matching `pattern`, waiting for it. */
  const waitFor = async (pattern: RegExp, from = 0, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const line = lines.slice(from).find((l) => pattern.test(l));
      if (line) return line;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no line matching ${pattern} in:\n${lines.join("\n")}`);
  };
  return {
    lines,
    waitFor,
    /** Types a badge and waits for its decision's line. */
    badge: async (text: string) => {
      const from = lines.length;
      await writer.write(new TextEncoder().encode(`${text}\n`));
      return await waitFor(/ (granted|denied) /, from);
    },
    /** Types a line (a door input) and waits for the line matching `printed`. */
    type: async (text: string, printed: RegExp) => {
      const from = lines.length;
      await writer.write(new TextEncoder().encode(`${text}\n`));
      return await waitFor(printed, from);
    },
    stop: async () => {
      await writer.close().catch(() => {});
      await process.status;
    },
  };
}

/**
 * Where a test's API process keeps its data: a new database on the PostgreSQL server
 * named by DATABASE_URL, or else an embedded one in a temporary folder (`work`, which
 * the test may use too). `env` for startApi; `drop` removes it all.
 */
export async function serverOrEmbedded(prefix: string) {
  const url = Deno.env.get("DATABASE_URL");
  const work = await Deno.makeTempDir({ prefix: `threshold-${prefix}-` });
  const name = `threshold_${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : undefined;
  let env: Record<string, string> = { DATA_DIR: `${work}/db` };
  if (url && admin) {
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    env = { DATABASE_URL: target.toString() };
  }
  return {
    env,
    work,
    drop: async () => {
      if (admin) {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      await Deno.remove(work, { recursive: true });
    },
  };
}
