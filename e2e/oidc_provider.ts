// The test OpenID provider (api/testing/oidc_provider_main.ts: oidc-provider with a
// sign-in form of its own) as a process beside the end-to-end server, which
// global_setup.ts configures for it: /login then shows `Sign in with SSO`.
import { type ChildProcess, spawn } from "node:child_process";

export type ProviderProcess = { env: Record<string, string>; stop: () => Promise<void> };

/** Starts the provider for an app whose callback is `redirectUri`; resolves with the app's OIDC_* once it listens. */
export async function startOidcProvider(redirectUri: string): Promise<ProviderProcess> {
  const child: ChildProcess = spawn("node_modules/.bin/deno", ["run", "-A", "api/testing/oidc_provider_main.ts", redirectUri], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start within 60 s: ${output}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`the OpenID provider stopped (${code}): ${output}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^OpenID provider (\{.*\})$/m.exec(output);
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line[1]));
    });
  });
  return {
    env,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
