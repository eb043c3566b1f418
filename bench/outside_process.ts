// A service the benchmark talks to (a webhook receiver, a push service, an SMTP
// server) in a process of its own at the lowest priority (nice 19): a real one's CPU
// is not the server's, and in the benchmark's own process its work would delay the
// load generator and count against what it times.

/** Runs `script` with `args` and waits for the first line it prints (where it listens). */
export async function startOutside(script: string, args: string[]) {
  const child = new Deno.Command("nice", {
    args: ["-n", "19", Deno.execPath(), "run", "-A", new URL(script).pathname, ...args],
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
