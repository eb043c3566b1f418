// Unlock challenges (spec 3 §4): a passkey challenge bound to the user and the room
// it was asked for, valid 60 seconds, used once. Kept in passkey_challenges (kind
// 'unlock', migration 019), so the API process that checks it need not be the one
// that made it.
import type { Queries } from "../db/connect.ts";

export const UNLOCK_CHALLENGE_SECONDS = 60;

export async function saveUnlockChallenge(sql: Queries, challenge: string, userId: number, roomId: number) {
  await sql`delete from passkey_challenges where expires_at < now()`;
  await sql`insert into passkey_challenges (challenge, kind, user_id, room_id, expires_at)
    values (${challenge}, 'unlock', ${userId}, ${roomId},
            now() + ${UNLOCK_CHALLENGE_SECONDS} * interval '1 second')`;
}

/**
 * Deletes the challenge and says whether it was live and made for this user and
 * room: whatever the answer, it cannot be used again (a challenge tried at the wrong
 * door is spent, as is a late one).
 */
export async function takeUnlockChallenge(sql: Queries, challenge: string, userId: number, roomId: number) {
  const [row] = await sql<{ fits: boolean }[]>`
    delete from passkey_challenges where challenge = ${challenge} and kind = 'unlock'
    returning expires_at > now() and user_id = ${userId} and room_id = ${roomId} as fits`;
  return row?.fits === true;
}
