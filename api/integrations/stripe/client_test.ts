// The real `stripe` SDK against the simulator: the requests it makes, Stripe's
// error envelope, the failure mapping, and the webhook signature both ways.
import Stripe from "stripe";
import { assert, assertEquals, assertMatch, assertRejects } from "../../testing/assert.ts";
import { loadConfig } from "../../config.ts";
import { ApiError } from "../../http/errors.ts";
import { createStripe, cryptoProvider, MalformedAnswer, stripeFailure } from "./client.ts";
import {
  parseStripeForm,
  STRIPE_SIMULATOR_KEY,
  STRIPE_SIMULATOR_WEBHOOK_SECRET,
  stripeSignature,
} from "./simulator.ts";

const config = loadConfig({});
const RETURN_URL = "https://threshold.example.com/app?verification=complete";

/** The app's Stripe, on a fresh simulator. */
function fresh() {
  const { sdk, simulator } = createStripe(config);
  return { stripe: sdk, sim: simulator! };
}

async function apiError(work: Promise<unknown>): Promise<ApiError> {
  try {
    await work;
  } catch (error) {
    return stripeFailure(error);
  }
  throw new Error("expected a failure");
}

Deno.test("stripe sdk: creates, reads, lists and cancels verification sessions", async () => {
  const { stripe, sim } = fresh();
  const session = await stripe.identity.verificationSessions.create({
    type: "document",
    return_url: RETURN_URL,
    metadata: { user_id: "42" },
  });
  assertMatch(session.id, /^vs_[A-Za-z0-9]{24}$/);
  assertEquals(session.object, "identity.verification_session");
  assertEquals(session.status, "requires_input");
  assertEquals(session.metadata, { user_id: "42" });
  assertEquals(session.livemode, false);
  // The hosted page lives on the return URL's origin, where the API mounts it.
  assertMatch(
    session.url!,
    /^https:\/\/threshold\.example\.com\/sim\/stripe\/verify\/[A-Za-z0-9]{32}$/,
  );
  assertEquals(sim.session(session.id)?.returnUrl, RETURN_URL);

  const read = await stripe.identity.verificationSessions.retrieve(session.id);
  assertEquals(read.id, session.id);
  const list = await stripe.identity.verificationSessions.list({ limit: 5 });
  assertEquals(list.data.map((s) => s.id), [session.id]);

  const canceled = await stripe.identity.verificationSessions.cancel(session.id);
  assertEquals([canceled.status, canceled.url], ["canceled", null]);
  await assertRejects(
    stripe.identity.verificationSessions.cancel(session.id),
    (e: Stripe.errors.StripeError) =>
      e.type === "StripeInvalidRequestError" && /status of canceled/.test(e.message),
  );
});

Deno.test("stripe sdk: Stripe's error envelope becomes the SDK's typed errors", async () => {
  const { stripe, sim } = fresh();
  await assertRejects(
    stripe.identity.verificationSessions.create({ type: "passport" as "document" }),
    (e: Stripe.errors.StripeError) => e.type === "StripeInvalidRequestError" && e.param === "type",
  );
  await assertRejects(
    stripe.identity.verificationSessions.retrieve("vs_missing"),
    (e: Stripe.errors.StripeError) =>
      e.type === "StripeInvalidRequestError" && e.code === "resource_missing" &&
      e.statusCode === 404,
  );
  const wrongKey = new Stripe("sk_test_wrong", {
    host: "stripe.simulator",
    protocol: "http",
    port: 80,
    httpClient: Stripe.createFetchHttpClient(sim.fetch as typeof fetch),
  });
  await assertRejects(
    wrongKey.identity.verificationSessions.list(),
    (e: Stripe.errors.StripeError) => e.type === "StripeAuthenticationError",
  );
});

Deno.test("stripe sdk: outages, hangs and garbage map to 502/504 with a clear message", async () => {
  const { stripe, sim } = fresh();
  const create = () => stripe.identity.verificationSessions.create({ type: "document" });

  sim.fail("error");
  const outage = await apiError(create());
  assertEquals([outage.status, outage.message], [
    502,
    "Stripe could not start the verification: Simulated Stripe outage. Please try again later.",
  ]);
  sim.fail("malformed");
  const garbage = await apiError(create());
  assertEquals([garbage.status, garbage.message], [502, "Stripe sent an unreadable answer"]);

  const slow = createStripe(config, { simulator: sim, timeoutMs: 100 }).sdk;
  sim.fail("hang");
  const hung = await apiError(slow.identity.verificationSessions.create({ type: "document" }));
  assertEquals([hung.status, hung.message], [
    504,
    "Stripe did not answer in time. Please try again.",
  ]);

  const down = loadConfig({
    STRIPE_SECRET_KEY: "sk_test_down",
    STRIPE_WEBHOOK_SECRET: "whsec_down",
    STRIPE_API_BASE: "http://127.0.0.1:1",
  });
  const unreachable = await apiError(
    createStripe(down).sdk.identity.verificationSessions.create({ type: "document" }),
  );
  assertEquals([unreachable.status, unreachable.message], [
    502,
    "Stripe is unreachable. Please try again later.",
  ]);

  const odd = stripeFailure(new MalformedAnswer());
  assertEquals([odd.status, odd.message], [502, "Stripe sent an answer of an unexpected shape"]);
  // Anything else is not Stripe's failure and is not disguised as one.
  let rethrown = false;
  try {
    stripeFailure(new TypeError("bug"));
  } catch (error) {
    rethrown = error instanceof TypeError;
  }
  assert(rethrown);
});

Deno.test("stripe simulator: signatures are Stripe's, and the SDK verifies them", async () => {
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "ping",
    data: { object: {} },
  });
  const t = Math.floor(Date.now() / 1000);
  const ours = await stripeSignature(payload, STRIPE_SIMULATOR_WEBHOOK_SECRET, t);
  const sdk = fresh().stripe;
  const theirs = await sdk.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: STRIPE_SIMULATOR_WEBHOOK_SECRET,
    timestamp: t,
  });
  assertEquals(ours, theirs);
  const event = await sdk.webhooks.constructEventAsync(
    payload,
    ours,
    STRIPE_SIMULATOR_WEBHOOK_SECRET,
    300,
    cryptoProvider,
  );
  assertEquals(event.id, "evt_1");
});

Deno.test("stripe simulator: reads Stripe's nested form encoding", () => {
  assertEquals(
    parseStripeForm(
      "type=document&metadata[user_id]=3&options[document][allowed_types][0]=passport" +
        "&options[document][allowed_types][1]=id_card&return_url=https%3A%2F%2Fx%2Fapp%3Fa%3D1",
    ),
    {
      type: "document",
      metadata: { user_id: "3" },
      options: { document: { allowed_types: ["passport", "id_card"] } },
      return_url: "https://x/app?a=1",
    },
  );
  assertEquals(STRIPE_SIMULATOR_KEY.startsWith("sk_test_"), true);
});
