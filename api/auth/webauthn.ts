// Passkey plumbing: relying party from configuration (or the request's host),
// single-use challenges that expire after 5 minutes, base64 normalisation.
import type { Context } from "hono";
import type { Queries } from "../db/connect.ts";
import type { Config } from "../config.ts";
import { badRequest } from "../http/errors.ts";

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
