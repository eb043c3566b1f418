// SQL of a user's badges (user_credentials).
import type { Queries } from "../db/connect.ts";
import type { CredentialInput } from "./schemas.ts";
import type { Credential } from "./contract.ts";

const columns = (sql: Queries) =>
  sql`id, user_id, type, facility_code, card_code, is_active, false as system_managed,
      created_at, updated_at`;

export function listCredentials(sql: Queries, userId: number) {
  return sql<Credential[]>`
    select ${columns(sql)} from user_credentials where user_id = ${userId} order by id`;
}

/** The user's credential, locked for the rest of the transaction when `lock` is set. */
export async function findCredential(
  sql: Queries,
  userId: number,
  id: number,
  lock = false,
): Promise<Credential | undefined> {
  const [row] = await sql<Credential[]>`
    select ${columns(sql)} from user_credentials where id = ${id} and user_id = ${userId}
    ${lock ? sql`for update` : sql``}`;
  return row;
}

export async function insertCredential(sql: Queries, userId: number, input: CredentialInput) {
  const [row] = await sql<Credential[]>`
    insert into user_credentials (user_id, type, facility_code, card_code)
    values (${userId}, ${input.type}, ${input.facilityCode}, ${input.cardCode})
    returning ${columns(sql)}`;
  return row;
}

export async function updateCredential(
  sql: Queries,
  userId: number,
  id: number,
  input: CredentialInput,
) {
  const [row] = await sql<Credential[]>`
    update user_credentials set type = ${input.type}, facility_code = ${input.facilityCode},
      card_code = ${input.cardCode}
    where id = ${id} and user_id = ${userId}
    returning ${columns(sql)}`;
  return row;
}

export async function deleteCredential(sql: Queries, userId: number, id: number) {
  const rows = await sql`delete from user_credentials where id = ${id} and user_id = ${userId}
    returning id`;
  return rows.length > 0;
}
