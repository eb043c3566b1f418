// Passkey plumbing: relying party from configuration (or the request's host),
// single-use challenges that expire after 5 minutes, base64 normalisation.
import type { Context } from "hono";
import type { z } from "zod";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Queries } from "../db/connect.ts";
import type { Config } from "../config.ts";
import { badRequest } from "../http/errors.ts";
import type { Env } from "../http/env.ts";
import type { StoredPasskey } from "./repo.ts";
import type { passkeyLoginVerifyBody } from "./schemas.ts";

export const CHALLENGE_TTL_SECONDS = 5 * 60;

export function relyingParty(c: Context, config: Config) {
  const origin = config.publicOrigin ?? new URL(c.req.url).origin;
  return { origin, rpID: config.rpId ?? new URL(origin).hostname, rpName: config.rpName };
}

/** The spec sends binary values as base64 text; WebAuthn uses base64url. Accept both. */
export function toBase64Url(value: string): string {
  return value.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function challengeOf(clientDataJSON: string): string {
  try {
    const b64 = toBase64Url(clientDataJSON).replaceAll("-", "+").replaceAll("_", "/");
    const parsed = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, "=")));
    if (typeof parsed.challenge !== "string") throw new Error("no challenge");
    return parsed.challenge;
  } catch {
    throw badRequest("clientDataJSON is not valid");
  }
}

/**
 * What SimpleWebAuthn checks a browser's passkey answer against: the answer with
 * its credential id (base64url), and the challenge, origin and RP ID this server
 * expects. User verification is preferred by the options, so not required here.
 */
export function passkeyAnswer<R>(
  c: Context,
  config: Config,
  credentialId: string,
  clientDataJSON: string,
  response: R,
) {
  const rp = relyingParty(c, config);
  return {
    response: {
      id: credentialId,
      rawId: credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response,
    },
    expectedChallenge: challengeOf(clientDataJSON),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  };
}

export async function saveChallenge(
  sql: Queries,
  challenge: string,
  kind: "registration" | "authentication",
  owner: { userId?: number; email?: string },
) {
  await sql`delete from passkey_challenges where expires_at < now()`;
  await sql`insert into passkey_challenges (challenge, kind, user_id, email, expires_at)
    values (${challenge}, ${kind}, ${owner.userId ?? null}, ${owner.email ?? null},
            now() + ${CHALLENGE_TTL_SECONDS} * interval '1 second')`;
}

/** Deletes and returns a live challenge: a second use, or a late one, finds nothing. */
export async function takeChallenge(
  sql: Queries,
  challenge: string,
  kind: "registration" | "authentication",
) {
  const [row] = await sql<{ userId: number | null; email: string | null }[]>`
    delete from passkey_challenges
    where challenge = ${challenge} and kind = ${kind}
    returning user_id, email, expires_at > now() as live`;
  return row && (row as unknown as { live: boolean }).live ? row : null;
}

/** A passkey's answer to an authentication challenge, as the sign-in payload carries it. */
export type Assertion = z.infer<typeof passkeyLoginVerifyBody>;

/**
 * Whether the assertion holds for this stored passkey (its challenge, origin, RP ID and
 * signature; and the user verified, when required). When it does, the passkey's
 * counter and last use move on. Sign-in and the members' unlock share it.
 */
export async function verifyAssertion(
  c: Context<Env>,
  passkey: StoredPasskey,
  input: Assertion,
  requireUserVerification: boolean,
): Promise<boolean> {
  const { sql, config, log } = c.var;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      ...passkeyAnswer(c, config, passkey.credentialId, input.clientDataJSON, {
        clientDataJSON: toBase64Url(input.clientDataJSON),
        authenticatorData: toBase64Url(input.authenticatorData),
        signature: toBase64Url(input.signature),
        userHandle: input.userHandle ? toBase64Url(input.userHandle) : undefined,
      }),
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
  } catch (error) {
    log.warn("passkey verification failed", { error: String(error) });
    return false;
  }
  if (!verification.verified) return false;
  await sql`update passkeys set counter = ${verification.authenticationInfo.newCounter},
    last_used_at = now() where id = ${passkey.id}`;
  return true;
}
