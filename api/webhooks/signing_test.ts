// Signatures any Standard Webhooks library verifies (spec 3 §6): checked with the
// `standardwebhooks` package itself, which also signs the same bytes the same way.
import { Webhook } from "standardwebhooks";
import { assert, assertEquals } from "../testing/assert.ts";
import { newSecret, signature, signedHeaders } from "./signing.ts";

Deno.test("a secret is whsec_ and the base64 of 24 random bytes, new each time", () => {
  const secret = newSecret();
  assert(/^whsec_[A-Za-z0-9+/]{32}$/.test(secret), secret);
  assertEquals(atob(secret.slice(6)).length, 24);
  assert(newSecret() !== secret);
});

Deno.test("standardwebhooks verifies our headers, and signs exactly what we sign", async () => {
  const secret = newSecret();
  const body = JSON.stringify({
    type: "webhook.test",
    timestamp: "2026-11-26T07:00:00.000Z",
    data: { ünïcode: "✓" },
  });
  const at = new Date();
  const headers = await signedHeaders(secret, "evt_42", at, body);
  const library = new Webhook(secret);
  assertEquals(library.verify(body, headers), JSON.parse(body));
  assertEquals(headers["webhook-signature"], library.sign("evt_42", at, body));
  // A changed body, id or secret does not verify.
  let refused = 0;
  for (
    const attempt of [
      () => library.verify(body + " ", headers),
      () => library.verify(body, { ...headers, "webhook-id": "evt_43" }),
      () => new Webhook(newSecret()).verify(body, headers),
    ]
  ) {
    try {
      attempt();
    } catch {
      refused++;
    }
  }
  assertEquals(refused, 3);
  assertEquals(
    await signature(secret, "evt_42", Math.floor(at.getTime() / 1000), body),
    headers["webhook-signature"],
  );
});
