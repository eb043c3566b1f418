// Unlock with Face ID (spec 3 §4). The options: WebAuthn request options for the
// user's own passkeys, user verification required, with a challenge bound to the
// user and the room (challenges.ts). The unlock: the assertion checked (that
// challenge, one of this user's passkeys, the user verified), then the decision for
// this user and room by the decisions' own statement (access/decisions.ts), logged
// as `Face ID` / `Mobile Unlock`; granted, an unlock command to each of the room's
// doors in the same transaction, and the answer once they acknowledged (acks.ts).
import type { Context } from "hono";
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import type { Env } from "../http/env.ts";
import { badRequest } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { transaction } from "../http/transaction.ts";
import { passkeysOfEmail } from "../auth/repo.ts";
import { type Assertion, challengeOf, relyingParty, toBase64Url, verifyAssertion } from "../auth/webauthn.ts";
import { decideAll, type DecisionRequest } from "../access/decisions.ts";
import { saveUnlockChallenge, takeUnlockChallenge, UNLOCK_CHALLENGE_SECONDS } from "./challenges.ts";
import { takeUnlockAttempt } from "./throttle.ts";
import { doorAnswers, type SentCommand, UNLOCK_WAIT_MS } from "./acks.ts";
import type { UnlockDenied, UnlockGranted } from "./contract.ts";

export const UNLOCK_MESSAGES = {
  noPasskey: "Set up Face ID to unlock doors",
  expired: "This unlock request has expired. Please try again.",
  failed: "Face ID authentication failed",
  unlocked: "Door unlocked",
} as const;

/** How the log names a member's unlock (spec 3 §4). */
export const MOBILE_UNLOCK = { credentialType: "Face ID", action: "Mobile Unlock" } as const;

async function roomExists(c: Context<Env>, roomId: number) {
  const [room] = await c.var.sql`select 1 from rooms where id = ${roomId}`;
  if (!room) throw notFound.room();
}

export async function unlockOptions(c: Context<Env>, roomId: number) {
  const { sql, config } = c.var;
  const user = c.var.user!;
  await roomExists(c, roomId);
  const passkeys = await passkeysOfEmail(sql, user.email);
  if (!passkeys.length) throw badRequest(UNLOCK_MESSAGES.noPasskey);
  await takeUnlockAttempt(sql, user.id);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c, config).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    userVerification: "required",
    timeout: UNLOCK_CHALLENGE_SECONDS * 1000,
  });
  await saveUnlockChallenge(sql, options.challenge, user.id, roomId);
  return options;
}

/** The answer: 200 granted with each door's result, or 403 denied. */
export async function unlock(c: Context<Env>, roomId: number, input: Assertion) {
  const { sql } = c.var;
  const user = c.var.user!;
  await roomExists(c, roomId);
  if (!(await takeUnlockChallenge(sql, challengeOf(input.clientDataJSON), user.id, roomId))) {
    throw badRequest(UNLOCK_MESSAGES.expired);
  }
  // Only the user's own passkeys: another's, even verified, opens nothing for this session.
  const credentialId = toBase64Url(input.credentialId);
  const passkey = (await passkeysOfEmail(sql, user.email)).find((p) => p.credentialId === credentialId);
  if (!passkey) throw badRequest(UNLOCK_MESSAGES.failed);
  // Face ID (or the device's PIN) must have checked who holds the phone.
  if (!(await verifyAssertion(c, passkey, input, true))) throw badRequest(UNLOCK_MESSAGES.failed);

  return await unlockRoom(c, roomId, {
    keyHash: null,
    roomId,
    credential: { type: "passkey", credentialId: passkey.credentialId },
    ...MOBILE_UNLOCK,
  }, { userId: user.id, name: user.email });
}

/**
 * The decision for `request` at the room and, granted, an unlock command to each of its
 * doors, in one transaction; then the answer once the doors acknowledged: 200 granted
 * with each door's result, or 403 denied. A member's Face ID unlock, and a guest's from
 * their pass (visits/pass_routes.ts). `holder`: for whom the commands are, the name used
 * when the decision names nobody.
 */
export async function unlockRoom(
  c: Context<Env>,
  roomId: number,
  request: DecisionRequest,
  holder: { userId: number | null; name: string },
) {
  const { sql, listen, log } = c.var;
  // The decision and its commands stand or fall together; committed before the wait,
  // so the doors (on any API process) hear of the commands.
  const { decision, commands } = await transaction(sql, async (tx) => {
    const [decision] = await decideAll(tx, [request]);
    if (decision?.decision !== "granted") return { decision, commands: [] };
    // Each command expires when the answer stops waiting: a door that hears of it only
    // later refuses it rather than open for someone no longer told it would.
    const commands = await tx<SentCommand[]>`
      with doors as (
        select id, name from devices
        where room_id = ${roomId} and is_active and api_key_hash is not null
      ), sent as (
        insert into device_commands (device_id, user_id, user_name, expires_at)
        select id, ${holder.userId}, ${decision.userName ?? holder.name},
          now() + ${UNLOCK_WAIT_MS} * interval '1 millisecond'
        from doors order by id
        returning id, device_id
      )
      select sent.id as command_id, doors.id as device_id, doors.name
      from sent join doors on doors.id = sent.device_id order by doors.id`;
    return { decision, commands };
  });
  const sent = Date.now();
  if (!decision) throw notFound.room(); // deleted since
  if (decision.decision !== "granted") {
    const denied: UnlockDenied = {
      error: decision.message,
      code: "forbidden",
      reason: decision.reason as UnlockDenied["reason"],
      logId: decision.logId,
    };
    return c.json(denied, 403);
  }
  const granted: UnlockGranted = {
    decision: "granted",
    message: UNLOCK_MESSAGES.unlocked,
    logId: decision.logId,
    doors: await doorAnswers(sql, listen, log, commands, sent),
  };
  return c.json(granted);
}
