// For the Last Lock tests: a simulator on a loopback port, and a test app whose
// configuration points the real client at it.
import { describeWithSimulator, startOnLoopback } from "../../testing/test_app.ts";
import { createLastLockSimulator } from "./simulator.ts";

export const TEST_TOKEN = "lastlock-test-token-5f1c";
export const TEST_TIMEOUT_MS = 2_000;

export const startSimulator = () =>
  startOnLoopback(createLastLockSimulator({ apiToken: TEST_TOKEN }));

/** A test app talking to its own simulator; a test's `env` may override the configuration. */
export const describeLastLock = describeWithSimulator(startSimulator, ({ target }) => ({
  LASTLOCK_GRPC_HOST: target,
  LASTLOCK_API_TOKEN: TEST_TOKEN,
  LASTLOCK_TIMEOUT_MS: String(TEST_TIMEOUT_MS),
}));
