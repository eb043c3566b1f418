// A service the benchmark talks to (a webhook receiver, a push service, an SMTP
// server, the doors) in a process of its own at the lowest priority: a real one's CPU
// is not the server's, and in the benchmark's own process its work would delay the
// load generator and count against what it times.

/**
 * The command prefix that runs a process behind everything else on the CPU: nice 19 in
 * a session of its own whose autogroup is at nice 19 too. With autogroups (Linux's
 * default on a desktop-like kernel, sched_autogroup_enabled=1 here) the CPU is shared
 * between sessions first: PostgreSQL, started as a service, is one, the benchmark
 * another, and a process's own nice ranks it only within its session. So at nice 19 in
 * the benchmark's session the doors of bench/list_scale.ts still took 13-22 s of CPU in
 * a 20 s bulk add, time the API processes then waited for (issue 33). Where the kernel
 * has no autogroups the write fails harmlessly and nice 19 is all there is.
 */
export const OUTSIDE = ["setsid", "sh", "-c", 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"', "outside"];

/** Runs `script` with `args` and waits for the first line it prints (where it listens). */
export async function startOutside(script: string, args: string[]) {
  const [command, ...prefix] = OUTSIDE;
  const child = new Deno.Command(command, {
    args: [...prefix, Deno.execPath(), "run", "-A", new URL(script).pathname, ...args],
    stdout: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!seen.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${args.join(" ")} did not start: ${seen}`);
    seen += value;
  }
  reader.releaseLock();
  return {
    firstLine: seen.slice(0, seen.indexOf("\n")),
    stop: async () => {
      child.kill("SIGTERM");
      await child.stdout.cancel().catch(() => {});
      await child.status;
    },
  };
}
