// The reference controller (npm run door) as a process of its own for a test, its
// output lines kept: a door that hears the server's commands and acknowledges them
// (the e2e server runs no door simulator).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "./fixtures";

export function startDoor(url: string, key: string) {
  const dir = mkdtempSync(join(tmpdir(), "threshold-e2e-door-"));
  const child: ChildProcess = spawn("node_modules/.bin/deno", ["run", "-A", "door/main.ts", "--url", url, "--key", key, "--state", join(dir, "door.json")], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    partial += chunk.toString();
    const parts = partial.split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on("data", (chunk: Buffer) => lines.push(`stderr: ${chunk.toString()}`));
  return {
    lines,
    /** Waits for a line matching the pattern (the controller prints one per event). */
    heard: (pattern: RegExp) => expect.poll(() => lines.find((line) => pattern.test(line)) ?? lines.join("\n"), { timeout: 15_000 }).toMatch(pattern),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
