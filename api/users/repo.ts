// SQL of the users calls: the list, single reads and writes, identity verification.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { deleteRow, firstRow } from "../db/rows.ts";
import { isAdminSql } from "../auth/sessions.ts";
import type { CreateUserInput, UpdateUserInput } from "./schemas.ts";
import type { GroupRef, User, UserGroup, VerificationStatuses } from "./contract.ts";
import type { Json } from "../http/contract_json.ts";

// One query for the whole list, however many users: memberships are aggregated
// once by a grouped join (no query per user), admin status by the product's one rule.
const selectUsers = (sql: Queries, where: postgres.Fragment) =>
  sql<User[]>`
    select u.id, u.email, u.first_name, u.last_name, u.is_active,
           ${isAdminSql(sql, sql`u.id`)} as is_admin,
           coalesce(m.groups, '[]'::json) as groups,
           u.stripe_verification_status, u.stripe_verified_at, u.created_at, u.updated_at
    from users u
    left join (
      select ug.user_id,
             json_agg(json_build_object('id', g.id, 'name', g.name, 'isActive', g.is_active)
                      order by lower(g.name), g.id) as groups
      from user_groups ug join groups g on g.id = ug.group_id
      group by ug.user_id
    ) m on m.user_id = u.id
    ${where}
    order by u.id`;

/** A timestamp as Date#toJSON writes it (UTC, milliseconds, "Z"), formatted by the database. */
const isoTime = (sql: Queries, column: postgres.Fragment) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The list's times come from the database as JSON text already. */
type ListedUser = Json<User>;

/**
 * Every user, the same as findUser answers each, shaped for speed at 10,000 users
 * (bench/access.ts): per user the database sends plain columns, its group ids unordered
 * and its times already as JSON text, and each user's groups are the same few objects
 * (one per group, in list order) picked by id. Building JSON per membership, sorting each
 * user's groups in SQL and turning times into Dates and back made up most of the call.
 * The two reads run side by side; a membership of a group made or deleted between them
 * names no group read, and is left out as the group itself is.
 */
export async function listUsers(sql: Queries): Promise<ListedUser[]> {
  const [groups, users] = await Promise.all([
    sql<GroupRef[]>`select id, name, is_active from groups order by lower(name), id`,
    sql<(Omit<ListedUser, "groups"> & { groupIds: number[] })[]>`
      select u.id, u.email, u.first_name, u.last_name, u.is_active,
             ${isAdminSql(sql, sql`u.id`)} as is_admin, coalesce(m.group_ids, '{}') as group_ids,
             u.stripe_verification_status,
             ${isoTime(sql, sql`u.stripe_verified_at`)} as stripe_verified_at,
             ${isoTime(sql, sql`u.created_at`)} as created_at,
             ${isoTime(sql, sql`u.updated_at`)} as updated_at
      from users u
      left join (select user_id, array_agg(group_id) as group_ids from user_groups group by user_id) m
        on m.user_id = u.id
      order by u.id`,
  ]);
  const rank = new Map(groups.map((group, i) => [group.id, i]));
  return users.map(({ groupIds, ...user }) => ({
    ...user,
    groups: groupIds.map((id) => rank.get(id)).filter((i) => i !== undefined)
      .sort((a, b) => a - b).map((i) => groups[i]),
  }));
}

export function findUser(sql: Queries, id: number): Promise<User | undefined> {
  return firstRow(selectUsers(sql, sql`where u.id = ${id}`));
}

export async function insertUser(
  sql: Queries,
  input: Omit<CreateUserInput, "password" | "invite"> & { passwordHash: string | null },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${input.email}, ${input.passwordHash}, ${input.firstName}, ${input.lastName})
    returning id`;
  return row.id;
}

export async function updateUser(sql: Queries, id: number, input: UpdateUserInput) {
  await sql`update users set first_name = ${input.firstName}, last_name = ${input.lastName},
    email = ${input.email} where id = ${id}`;
}

/**
 * Deletes the user for good. Memberships, badges, passkeys, Last Lock credentials,
 * sessions and invitations go with the row (on delete cascade); access logs stay,
 * unlinked, with the name the user had (filled in here where a row lacks it).
 */
export async function deleteUser(sql: Queries, id: number): Promise<boolean> {
  await sql`update access_logs l
    set user_name = nullif(trim(u.first_name || ' ' || u.last_name), '')
    from users u where u.id = ${id} and l.user_id = u.id and l.user_name is null`;
  return await deleteRow(sql, "users", id);
}

/** The user's groups (active or not), or undefined for an unknown user. */
export async function groupsOfUser(sql: Queries, id: number): Promise<UserGroup[] | undefined> {
  const rows = await sql<UserGroup[]>`
    select g.id, g.name, g.description, g.is_active, g.created_at, g.updated_at
    from user_groups ug join groups g on g.id = ug.group_id
    where ug.user_id = ${id}
    order by lower(g.name), g.id`;
  if (rows.length) return rows;
  return (await userExists(sql, id)) ? [] : undefined;
}

export async function userExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from users where id = ${id}`;
  return Boolean(row);
}

// --- identity verification (Stripe Identity; the session itself is document 2) ---

export type Verification = {
  status: string | null;
  sessionId: string | null;
  verifiedAt: Date | null;
  url: string | null;
  errorCode: string | null;
  errorMessage: string | null;
};

export const isVerified = (status: string | null) => status === "verified";

// The hosted-page URL and Stripe's last_error are kept by the verification flow
// (issue 6, its own migration). They are read by name from the row's JSON, so
// this call answers the same whether or not those columns exist yet.
export async function verificationOf(sql: Queries, id: number): Promise<Verification | undefined> {
  const [row] = await sql<Verification[]>`
    select u.stripe_verification_status as status,
           u.stripe_verification_session_id as session_id,
           u.stripe_verified_at as verified_at,
           to_jsonb(u) ->> 'stripe_verification_url' as url,
           to_jsonb(u) ->> 'stripe_verification_error_code' as error_code,
           to_jsonb(u) ->> 'stripe_verification_error_message' as error_message
    from users u where u.id = ${id}`;
  return row;
}

/** Every user's verification state, keyed by user id. */
export async function verificationStatuses(sql: Queries) {
  const rows = await sql<{ id: number; status: string | null }[]>`
    select id, stripe_verification_status as status from users order by id`;
  const map: VerificationStatuses = {};
  for (const { id, status } of rows) map[id] = { verified: isVerified(status), status };
  return map;
}
