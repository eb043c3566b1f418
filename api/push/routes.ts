// The Web Push calls (spec 4 §3): the server's public key, and a browser subscribing
// and unsubscribing. Any signed-in user (members get their visitors' arrivals). A
// subscription belongs to the session it was made in (migration 026): it ends with it.
import { type Context, Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { readBody } from "../http/read_body.ts";
import { allow } from "../auth/access.ts";
import { sessionTokenHash } from "../auth/sessions.ts";
import { publicAddressProblem } from "../webhooks/public_address.ts";
import { PUSH_MESSAGES, subscriptionBody, unsubscribeBody } from "./schemas.ts";
import { vapidKeys } from "./vapid.ts";

/** 400 unless the endpoint is https on a public address (or the server allows its own). */
async function assertPushService(c: Context<Env>, endpoint: string) {
  if (c.var.config.pushAllowPrivate) return;
  if (new URL(endpoint).protocol !== "https:" || await publicAddressProblem(endpoint)) {
    throw badRequest(PUSH_MESSAGES.endpoint);
  }
}

export const pushRoutes = new Hono<Env>()
  .get("/public-key", allow.signedIn, async (c) => c.json({ publicKey: (await vapidKeys(c.var.sql)).publicKey }))
  .post("/subscriptions", allow.signedIn, async (c) => {
    const { endpoint, keys } = await readBody(c, subscriptionBody);
    await assertPushService(c, endpoint);
    const session = sessionTokenHash(c, c.var.config);
    if (!session) throw unauthorized();
    const [row] = await c.var.sql<{ id: string }[]>`
      insert into push_subscriptions (endpoint, p256dh, auth, user_id, session_token_hash)
      values (${endpoint}, ${keys.p256dh}, ${keys.auth}, ${c.var.user!.id}, ${session})
      on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth,
        user_id = excluded.user_id, session_token_hash = excluded.session_token_hash, created_at = now()
      returning id`;
    return c.json({ id: Number(row.id) }, 201);
  })
  .delete("/subscriptions", allow.signedIn, async (c) => {
    const { endpoint } = await readBody(c, unsubscribeBody);
    await c.var.sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${c.var.user!.id}`;
    return c.json({ success: true });
  });
