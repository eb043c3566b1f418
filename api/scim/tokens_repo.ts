// SQL of the SCIM bearer tokens (spec 4 §6): made, listed, revoked, and looked up by
// their hash for each /scim/v2 request. Nothing is cached in a process: a token
// revoked through any process stops working at once in every one.
import type { Queries } from "../db/connect.ts";
import type { NewScimToken, ScimToken } from "./contract.ts";

/** How long lastUsedAt may lag behind: a provider's burst is one write a minute, not one a request. */
const LAST_USED_STEP = "1 minute";

export const listScimTokens = (sql: Queries) =>
  sql<ScimToken[]>`select id, name, created_at, last_used_at from scim_tokens order by lower(name), id`;

export async function insertScimToken(sql: Queries, name: string, tokenHash: string) {
  const [row] = await sql<Omit<NewScimToken, "token">[]>`
    insert into scim_tokens (name, token_hash) values (${name}, ${tokenHash})
    returning id, name, created_at`;
  return row;
}

/** Deletes the token; what it was (for the audit trail), or undefined when there was none. */
export async function deleteScimToken(sql: Queries, id: number) {
  const [row] = await sql<ScimToken[]>`
    delete from scim_tokens where id = ${id} returning id, name, created_at, last_used_at`;
  return row;
}

export type ScimClient = { id: number; name: string };

/**
 * The token whose hash this is, or undefined. Its lastUsedAt moves in the same
 * statement, only when it is a minute old or more.
 */
export async function useScimToken(sql: Queries, tokenHash: string): Promise<ScimClient | undefined> {
  const [row] = await sql<ScimClient[]>`
    with token as (select id, name, last_used_at from scim_tokens where token_hash = ${tokenHash}),
    touched as (
      update scim_tokens t set last_used_at = now() from token
      where t.id = token.id
        and (token.last_used_at is null or token.last_used_at < now() - ${LAST_USED_STEP}::interval)
    )
    select id, name from token`;
  return row;
}
