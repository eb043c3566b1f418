// For the UniFi tests: a simulated console on a loopback port, and a test app
// whose configuration points the real client at it.
import { describeWithSimulator, startOnLoopback } from "../../testing/test_app.ts";
import { createUnifiSimulator } from "./simulator.ts";

export const TEST_KEY = "unifi-test-key-8c2d";

export const startSimulator = () => startOnLoopback(createUnifiSimulator({ apiKey: TEST_KEY }));

/** A test app talking to its own simulated console; a test's `env` may override the configuration. */
export const describeUnifi = describeWithSimulator(startSimulator, ({ url }) => ({
  UNIFI_HOST: url,
  UNIFI_API_KEY: TEST_KEY,
  UNIFI_TIMEOUT_MS: "2000",
}));
