// SQL of the groups calls: lists (with member and room counts), single reads and
// writes, memberships.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import type { CreateGroupInput, UpdateGroupInput } from "./schemas.ts";
import type { Group, GroupWithCounts, Member } from "./contract.ts";

export const listGroups = (sql: Queries) =>
  sql<Group[]>`
    select id, name, description, is_active, lockdown_override, created_at, updated_at
    from groups order by lower(name), id`;

// One query for the whole list: members and rooms are counted once each by a
// grouped join, not per group.
const selectWithCounts = (sql: Queries, where: postgres.Fragment) =>
  sql<GroupWithCounts[]>`
    select g.id, g.name, g.description, g.is_active, g.lockdown_override, g.created_at, g.updated_at,
           coalesce(uc.n, 0)::int as user_count, coalesce(rc.n, 0)::int as room_count
    from groups g
    left join (select group_id, count(*) as n from user_groups group by group_id) uc
      on uc.group_id = g.id
    left join (select group_id, count(*) as n from group_rooms group by group_id) rc
      on rc.group_id = g.id
    ${where}
    order by lower(g.name), g.id`;

export const listGroupsWithCounts = (sql: Queries) => selectWithCounts(sql, sql``);

export async function findGroup(sql: Queries, id: number): Promise<GroupWithCounts | undefined> {
  const [group] = await selectWithCounts(sql, sql`where g.id = ${id}`);
  return group;
}

export async function insertGroup(sql: Queries, input: CreateGroupInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into groups (name, description, is_active, lockdown_override)
    values (${input.name}, ${input.description}, ${input.isActive}, ${input.lockdownOverride})
    returning id`;
  return row.id;
}

export async function updateGroup(sql: Queries, id: number, input: UpdateGroupInput) {
  await sql`update groups set name = ${input.name}, description = ${input.description},
    lockdown_override = coalesce(${input.lockdownOverride ?? null}, lockdown_override)
    where id = ${id}`;
}

/** A new name alone (SCIM's displayName): description and the rest stay. */
export async function renameGroup(sql: Queries, id: number, name: string) {
  await sql`update groups set name = ${name} where id = ${id}`;
}

const selectMembers = (sql: Queries, where: postgres.Fragment) =>
  sql<Member[]>`
    select u.id, u.email, u.first_name, u.last_name, u.is_active, ug.created_at as added_at,
           u.updated_at
    from user_groups ug join users u on u.id = ug.user_id
    ${where}
    order by lower(u.first_name), lower(u.last_name), u.id`;

export const membersOf = (sql: Queries, groupId: number) =>
  selectMembers(sql, sql`where ug.group_id = ${groupId}`);

export async function findMember(sql: Queries, groupId: number, userId: number) {
  const [member] = await selectMembers(
    sql,
    sql`where ug.group_id = ${groupId} and ug.user_id = ${userId}`,
  );
  return member;
}
