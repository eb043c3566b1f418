// The SQL sign-in and sign-up need.
import type { Queries } from "../db/connect.ts";
import { isAdminSql } from "./sessions.ts";
import type { SessionUser } from "./contract.ts";

export async function findUserForSignIn(sql: Queries, email: string) {
  const [user] = await sql<{ id: number; passwordHash: string | null; isActive: boolean }[]>`
    select id, password_hash, is_active from users where lower(email) = lower(${email})`;
  return user ?? null;
}

export async function sessionUser(sql: Queries, id: number): Promise<SessionUser> {
  const [user] = await sql<SessionUser[]>`
    select id, email, first_name, last_name, is_active, ${
    isAdminSql(sql, sql`users.id`)
  } as is_admin
    from users where id = ${id}`;
  return user;
}

export async function createUser(
  sql: Queries,
  user: { email: string; passwordHash: string; firstName: string; lastName: string },
) {
  const [row] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName})
    returning id`;
  return row.id;
}

export type StoredPasskey = {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

export async function passkeysOfEmail(sql: Queries, email: string) {
  return await sql<StoredPasskey[]>`
    select p.id, p.user_id, p.credential_id, p.public_key, p.counter::int as counter, p.transports
    from passkeys p join users u on u.id = p.user_id
    where lower(u.email) = lower(${email}) and u.is_active
    order by p.id`;
}

export async function passkeyByCredentialId(sql: Queries, credentialId: string) {
  const [row] = await sql<(StoredPasskey & { email: string; isActive: boolean })[]>`
    select p.id, p.user_id, p.credential_id, p.public_key, p.counter::int as counter, p.transports,
           u.email, u.is_active
    from passkeys p join users u on u.id = p.user_id
    where p.credential_id = ${credentialId}`;
  return row ?? null;
}
