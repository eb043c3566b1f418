// GET /api/me/lockdowns: what a member's /app banner shows of the active lockdowns
// (spec 3 §2: /app shows `Lockdown in effect` naming the rooms, or All rooms, since
// when and by whom). The lockdowns calls are the admins'; this read gives a signed-in
// member every active lockdown (an emergency anywhere in the building concerns
// everyone in it), with the rooms' names, but not the reason: the admin's own words,
// which the banner on /app does not show a member (docs/api.md).
import type { Queries } from "../db/connect.ts";
import type { MemberLockdown } from "./contract.ts";

/** The active lockdowns, newest first. */
export const memberLockdowns = (sql: Queries) =>
  sql<MemberLockdown[]>`
    select l.id, l.scope, l.started_at, l.started_by,
      coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.id)
                from rooms r where r.id = any(l.room_ids)), '[]') as rooms
    from lockdowns l where l.ended_at is null
    order by l.started_at desc, l.id desc`;
