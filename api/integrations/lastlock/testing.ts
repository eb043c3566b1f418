// For the Last Lock tests: a simulator on a loopback port, and a test app whose
// configuration points the real client at it.
import { describeAppWithSimulator, type TestApp } from "../../testing/test_app.ts";
import { createLastLockSimulator, type LastLockSimulator } from "./simulator.ts";

export const TEST_TOKEN = "lastlock-test-token-5f1c";
export const TEST_TIMEOUT_MS = 2_000;

export async function startSimulator() {
  const simulator = createLastLockSimulator({ apiToken: TEST_TOKEN });
  const { target } = await simulator.start();
  return { simulator, target };
}

/** A test app talking to its own simulator; `env` may override the configuration. */
export function describeLastLock(
  name: string,
  fn: (
    t: Deno.TestContext,
    context: { app: TestApp; simulator: LastLockSimulator; target: string },
  ) => Promise<void>,
  env: (target: string) => Record<string, string> = () => ({}),
) {
  describeAppWithSimulator(name, startSimulator, ({ target }) => ({
    LASTLOCK_GRPC_HOST: target,
    LASTLOCK_API_TOKEN: TEST_TOKEN,
    LASTLOCK_TIMEOUT_MS: String(TEST_TIMEOUT_MS),
    ...env(target),
  }), fn);
}
