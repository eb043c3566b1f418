// SQL of SCIM's reads (spec 4 §6): people and groups as SCIM shows them, one by id or
// a page of a list, filtered by one indexed attribute. Writes go through the
// dashboard's own code (users/changes.ts, groups/members.ts, the repos), so the two
// doors change things the same way.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";

/** The group the product's admin rule names (auth/sessions.ts isAdminSql); SCIM never shows it. */
export const ADMIN_GROUP = "Admin";

export type ScimUserRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  groups: { id: number; name: string }[];
};

export type ScimGroupRow = {
  id: number;
  name: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Null when the list was asked without members (excludedAttributes=members). */
  members: { id: number; name: string }[] | null;
};

export type Page = { startIndex: number; count: number };
export type Listed<T> = { total: number; rows: T[] };

const selectUsers = (sql: Queries, where: postgres.Fragment, limit: postgres.Fragment = sql``) =>
  sql<ScimUserRow[]>`
    select u.id, u.email, u.first_name, u.last_name, u.is_active, u.external_id, u.created_at,
      u.updated_at,
      coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
        from user_groups ug join groups g on g.id = ug.group_id
        where ug.user_id = u.id and g.name <> ${ADMIN_GROUP}), '[]') as groups
    from users u ${where} order by u.id ${limit}`;

/** The users whose e-mail (userName, any case) or externalId (exactly) is `value`; all without a filter. */
const userFilter = (sql: Queries, filter?: { attribute: "userName" | "externalId"; value: string }) =>
  !filter
    ? sql``
    : filter.attribute === "userName"
    ? sql`where lower(u.email) = lower(${filter.value})`
    : sql`where u.external_id = ${filter.value}`;

export async function findScimUser(sql: Queries, id: number) {
  const [row] = await selectUsers(sql, sql`where u.id = ${id}`);
  return row;
}

export async function listScimUsers(
  sql: Queries,
  filter: { attribute: "userName" | "externalId"; value: string } | undefined,
  page: Page,
): Promise<Listed<ScimUserRow>> {
  const where = userFilter(sql, filter);
  const [[{ total }], rows] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from users u ${where}`,
    page.count === 0
      ? []
      : selectUsers(sql, where, sql`limit ${page.count} offset ${page.startIndex - 1}`),
  ]);
  return { total, rows };
}

const members = (sql: Queries) =>
  sql`coalesce((select json_agg(json_build_object('id', u.id, 'name', ${personName(sql, "u")})
      order by u.id)
    from user_groups ug join users u on u.id = ug.user_id where ug.group_id = g.id), '[]')`;

const selectGroups = (
  sql: Queries,
  where: postgres.Fragment,
  withMembers: boolean,
  limit: postgres.Fragment = sql``,
) =>
  sql<ScimGroupRow[]>`
    select g.id, g.name, g.external_id, g.created_at, g.updated_at,
      ${withMembers ? members(sql) : sql`null`} as members
    from groups g where g.name <> ${ADMIN_GROUP} ${where} order by g.id ${limit}`;

const groupFilter = (sql: Queries, filter?: { attribute: "displayName" | "externalId"; value: string }) =>
  !filter
    ? sql``
    : filter.attribute === "displayName"
    ? sql`and lower(g.name) = lower(${filter.value})`
    : sql`and g.external_id = ${filter.value}`;

export async function findScimGroup(sql: Queries, id: number, withMembers = true) {
  const [row] = await selectGroups(sql, sql`and g.id = ${id}`, withMembers);
  return row;
}

export async function listScimGroups(
  sql: Queries,
  filter: { attribute: "displayName" | "externalId"; value: string } | undefined,
  page: Page,
  withMembers: boolean,
): Promise<Listed<ScimGroupRow>> {
  const where = groupFilter(sql, filter);
  const [[{ total }], rows] = await Promise.all([
    sql<{ total: number }[]>`select count(*)::int as total from groups g where g.name <> ${ADMIN_GROUP} ${where}`,
    page.count === 0
      ? []
      : selectGroups(sql, where, withMembers, sql`limit ${page.count} offset ${page.startIndex - 1}`),
  ]);
  return { total, rows };
}

/** Whether this is the Admin group (by id): SCIM may not touch it. */
export async function isAdminGroup(sql: Queries, id: number) {
  const [row] = await sql`select 1 from groups where id = ${id} and name = ${ADMIN_GROUP}`;
  return Boolean(row);
}

/** The provider's own id of a person or a group (RFC 7643 §3.1), kept as it is sent. */
export async function setExternalId(
  sql: Queries,
  table: "users" | "groups",
  id: number,
  externalId: string | null,
) {
  await sql`update ${sql(table)} set external_id = ${externalId} where id = ${id}`;
}

/** Which of these user ids exist: members named in a group change must. */
export async function existingUserIds(sql: Queries, ids: number[]) {
  const rows = await sql<{ id: number }[]>`select id from users where id = any(${ids}::int[])`;
  return new Set(rows.map((row) => row.id));
}

/** Whether the user is in the Admin group (active or not): SCIM does not make them active again. */
export async function inAdminGroup(sql: Queries, userId: number) {
  const [row] = await sql`select 1 from user_groups ug join groups g on g.id = ug.group_id
    where ug.user_id = ${userId} and g.name = ${ADMIN_GROUP}`;
  return Boolean(row);
}
