// The log of what each generation of the access lists' people changed (migration
// 036): read to work out a door's delta, pruned by housekeeping.
import type { Queries } from "../db/connect.ts";

/** How long the log is kept: a door holding an older list is sent the whole list. */
export const CHANGES_KEPT_HOURS = 24;

/** What changed between two generations: users whose entries may differ, and whether room-level things moved. */
export type Changes = { userIds: number[]; roomLevel: boolean };

/**
 * What changed after generation `after` up to `upTo` (read in the same snapshot as
 * `upTo`): the users logged, and the members (now) of the groups logged, whose
 * memberships before now were logged themselves when they ended. Null when more than
 * `limit` users: a delta that big is no cheaper than the whole list.
 */
export async function changesBetween(sql: Queries, after: bigint, upTo: bigint, limit: number): Promise<Changes | null> {
  if (after === upTo) return { userIds: [], roomLevel: false };
  const [row] = await sql<{ userIds: number[]; roomLevel: boolean }[]>`
    with c as (
      select user_ids, group_ids, room_level from access_list_changes
      where generation > ${String(after)}::bigint and generation <= ${String(upTo)}::bigint
    ), u as (
      select unnest(user_ids) as id from c
      union
      select ug.user_id from user_groups ug where ug.group_id in (select unnest(group_ids) from c)
    )
    select array(select id from u order by id limit ${limit + 1}) as user_ids,
           coalesce((select bool_or(room_level) from c), false) as room_level`;
  return row.userIds.length > limit ? null : row;
}

/**
 * Forgets what changed more than CHANGES_KEPT_HOURS ago, and from which generation on
 * the log is whole. Ordered by commit (generation), not by `at` (a transaction's
 * start), a long transaction's entry may go before an earlier one's: the mark is the
 * greatest generation forgotten, so none after it is missing.
 */
export async function pruneListChanges(sql: Queries): Promise<number> {
  const [pruned] = await sql<{ n: number }[]>`
    with gone as (
      delete from access_list_changes where at < now() - ${CHANGES_KEPT_HOURS} * interval '1 hour'
      returning generation
    ), marked as (
      update access_list_generation set changes_after = greatest(changes_after, (select max(generation) from gone))
      where exists (select 1 from gone where generation is not null)
    )
    select count(*)::int as n from gone`;
  return pruned.n;
}
