// For the UniFi tests: a simulated console on a loopback port, and a test app
// whose configuration points the real client at it.
import { describeAppWithSimulator, type TestApp } from "../../testing/test_app.ts";
import { createUnifiSimulator, type UnifiSimulator } from "./simulator.ts";

export const TEST_KEY = "unifi-test-key-8c2d";

export async function startSimulator() {
  const simulator = createUnifiSimulator({ apiKey: TEST_KEY });
  const { url } = await simulator.start();
  return { simulator, url };
}

/** A test app talking to its own simulated console; `env` may override the configuration. */
export function describeUnifi(
  name: string,
  fn: (
    t: Deno.TestContext,
    context: { app: TestApp; simulator: UnifiSimulator; url: string },
  ) => Promise<void>,
  env: (url: string) => Record<string, string> = () => ({}),
) {
  describeAppWithSimulator(name, startSimulator, ({ url }) => ({
    UNIFI_HOST: url,
    UNIFI_API_KEY: TEST_KEY,
    UNIFI_TIMEOUT_MS: "2000",
    ...env(url),
  }), fn);
}
