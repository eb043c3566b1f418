// The integration variables of config.ts: unset means the simulators.
import { assertEquals, assertThrows } from "../testing/assert.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { createIntegrations } from "./integrations.ts";
import { STRIPE_SIMULATOR_WEBHOOK_SECRET } from "./stripe/simulator.ts";

Deno.test("integrations: with nothing configured, both simulators are used", () => {
  const { density, stripe } = createIntegrations(loadConfig({}));
  assertEquals([density.simulator !== null, stripe.simulator !== null], [true, true]);
  assertEquals(stripe.webhookSecret, STRIPE_SIMULATOR_WEBHOOK_SECRET);
});

Deno.test("integrations: the variables switch each client to the real service", () => {
  const config = loadConfig({
    DENSITY_API_BASE: "https://api.density.io",
    DENSITY_API_TOKEN: "tok",
    STRIPE_SECRET_KEY: "sk_live_abc123",
    STRIPE_WEBHOOK_SECRET: "whsec_abc",
  });
  const { density, stripe } = createIntegrations(config);
  assertEquals([density.simulator, stripe.simulator], [null, null]);
  assertEquals(density.defaultCredentials, { kind: "bearer", token: "tok" });
  assertEquals(stripe.webhookSecret, "whsec_abc");
});

Deno.test("integrations: bad or incomplete settings stop the start", () => {
  const bad = (env: Record<string, string>, message: RegExp) =>
    assertThrows(
      () => loadConfig(env),
      (e: Error) => e instanceof ConfigError && message.test(e.message),
    );
  bad({ DENSITY_API_BASE: "not a url" }, /^DENSITY_API_BASE="not a url" is invalid/);
  bad({ STRIPE_SECRET_KEY: "pk_test_123" }, /^STRIPE_SECRET_KEY=.* must be a Stripe secret key/);
  bad({ STRIPE_SECRET_KEY: "sk_test_123" }, /STRIPE_WEBHOOK_SECRET is required/);
  bad({ STRIPE_API_BASE: "http://localhost:12111" }, /STRIPE_API_BASE needs STRIPE_SECRET_KEY/);
});
