// What a user owns that deleting them must take along: a membership (of a group
// made for it), a badge and a passkey; and what is left of it afterwards.
import type { Queries } from "../db/connect.ts";

/** Gives the user those rows; the group's id. */
export async function giveBelongings(sql: Queries, userId: number, groupName: string) {
  const [group] = await sql<{ id: number }[]>`
    insert into groups (name) values (${groupName}) returning id`;
  await sql`insert into user_groups (user_id, group_id) values (${userId}, ${group.id})`;
  await sql`insert into user_credentials (user_id, type, card_code)
    values (${userId}, 'Mifare', '04A1B2C3')`;
  await sql`insert into passkeys (user_id, credential_id, public_key)
    values (${userId}, 'cred-leaver', 'pk')`;
  return group.id;
}

/** The user's memberships, badges, passkeys and sessions still stored. */
export async function belongingsLeft(sql: Queries, userId: number) {
  const [left] = await sql<
    { groups: number; credentials: number; passkeys: number; sessions: number }[]
  >`
    select
      (select count(*) from user_groups where user_id = ${userId})::int as groups,
      (select count(*) from user_credentials where user_id = ${userId})::int as credentials,
      (select count(*) from passkeys where user_id = ${userId})::int as passkeys,
      (select count(*) from sessions where user_id = ${userId})::int as sessions`;
  return { ...left };
}
