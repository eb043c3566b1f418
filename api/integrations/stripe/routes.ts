// Identity verification of the signed-in user (spec 2 §4, §7) and Stripe's
// webhook. Starting a session calls Stripe first and writes only after it
// answered, so a failed call changes nothing.
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../../http/env.ts";
import { conflict } from "../../http/errors.ts";
import { body } from "../../http/validate.ts";
import { transaction } from "../../http/transaction.ts";
import { allow } from "../../auth/access.ts";
import { MalformedAnswer, stripeFailure } from "./client.ts";
import { applySessionUpdate, startSession, verificationRow } from "./repo.ts";
import { sessionUpdateOf, verifiedEvent } from "./webhook.ts";
import type { VerificationStarted, VerificationStatus } from "./contract.ts";

export const ALREADY_VERIFIED = "Your identity is already verified";
export const BEING_PROCESSED = "Your verification is being processed. Please wait for the result.";

/** Where Stripe sends the person back (spec 2 §4: /app?verification=complete). */
export const returnUrlFor = (origin: string) => `${origin}/app?verification=complete`;

const sessionAnswer = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  url: z.string().url(),
});

export const stripeRoutes = new Hono<Env>()
  .post("/verification-session", allow.signedIn, async (c) => {
    await body(c, z.object({})); // no payload; an empty body or {} is fine
    const user = c.var.user!;
    const sql = c.var.sql;
    const current = await verificationRow(sql, user.id);
    if (current?.status === "verified") throw conflict(ALREADY_VERIFIED);
    if (current?.status === "processing") throw conflict(BEING_PROCESSED);

    const origin = c.var.config.publicOrigin ?? new URL(c.req.url).origin;
    let answer: unknown;
    try {
      answer = await c.var.integrations.stripe.sdk.identity.verificationSessions.create({
        type: "document",
        return_url: returnUrlFor(origin),
        metadata: { user_id: String(user.id) },
      });
    } catch (error) {
      c.var.log.warn("stripe: starting a verification failed", {
        requestId: c.var.requestId,
        error: (error as Error).message,
      });
      throw stripeFailure(error);
    }
    const parsed = sessionAnswer.safeParse(answer);
    if (!parsed.success) throw stripeFailure(new MalformedAnswer());
    const session = parsed.data;

    const started = await transaction(sql, (tx) => startSession(tx, user.id, session));
    if (!started) {
      const now = await verificationRow(sql, user.id);
      throw conflict(now?.status === "processing" ? BEING_PROCESSED : ALREADY_VERIFIED);
    }
    return c.json({ url: session.url } satisfies VerificationStarted);
  })
  .get("/verification-status", allow.signedIn, async (c) => {
    const row = await verificationRow(c.var.sql, c.var.user!.id);
    const status = row?.status ?? null;
    return c.json(
      {
        verified: status === "verified",
        status,
        // The hosted page to continue on, while the session waits for the person.
        verificationUrl: status === "requires_input" ? row?.url ?? null : null,
        verificationDate: row?.verifiedAt ?? null,
        lastError: row?.errorMessage ? { code: row.errorCode, message: row.errorMessage } : null,
      } satisfies VerificationStatus,
    );
  })
  // Public: Stripe authenticates with its signature, checked before anything is read.
  .post("/webhook", allow.public, async (c) => {
    const payload = await c.req.text();
    const event = await verifiedEvent(
      c.var.integrations.stripe,
      payload,
      c.req.header("stripe-signature"),
    );
    const update = sessionUpdateOf(event);
    if (!update) return c.json({ received: true, applied: false });
    const userId = await transaction(c.var.sql, (tx) => applySessionUpdate(tx, update));
    c.var.log.info("stripe: verification event", {
      requestId: c.var.requestId,
      event: event.id,
      type: event.type,
      userId: userId ?? null,
    });
    return c.json({ received: true, applied: userId !== undefined });
  });
