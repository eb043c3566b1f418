// What every door of a room shares in its access list (access_list.ts): who may
// pass, with what credentials, on which schedules. Worked out once per change and
// served to every door of the room from that (issue 32: a reconnect storm had each
// of 500 doors work out its room's part again, about 1.1 s of API CPU per change).
// A part is good for the generation it was worked out at (migration 022): the
// database moves the generation on with every change to what parts are made of, and
// a caller reads it with its devices, so a part is never served after a change
// committed before the caller read it, whichever process heard of the change first.
//
// A room's visits (spec 4 §5, issue 30) are a part of their own, good for the visits'
// generation and moment (migration 032, visit_window.ts) and the people generation
// (which names the hosts): a guest's visit made, edited or revoked, or a visit the
// clock carries into the 24 hours ahead, works out again the visits of each room,
// not its people.
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import type { AccessList } from "./access_list.ts";
import { scheduleRuleRows } from "../schedules/repo.ts";
import { LEAD_MINUTES } from "../visits/visit_rules.ts";
import { inWindow } from "./visit_window.ts";

type Row = {
  kind: "card" | "passkey" | "wallet";
  userId: number;
  userName: string;
  scheduleIds: number[] | null;
  lockdownOverride: boolean;
  type: string | null;
  facilityCode: string | null;
  code: string;
};

/** What every device of a room shares: who may pass, with what, when. */
export type RoomPart = Pick<AccessList, "users" | "schedules" | "credentials" | "passkeys" | "wallets" | "lockdownOverrideUserIds">;

export const NOBODY: RoomPart = { users: [], schedules: [], credentials: [], passkeys: [], wallets: [], lockdownOverrideUserIds: [] };

/** What a list's parts are good for, read in the database with its devices. */
export type Generations = {
  /** Of the people (migration 022). */
  generation: bigint;
  /** Of the visits (migration 032), and the moment they are as of. */
  visits: bigint;
  visitsAsOf: Date;
};

/** The room's part of its doors' lists. */
async function roomPart(sql: Queries, roomId: number, unlockScheduleId: number | null): Promise<RoomPart> {
  // Active users in an active group holding the room, with their active credentials
  // and the schedules of their grants (null when one grant has none: at all times).
  const rows = await sql<Row[]>`
    with allowed as (
      select u.id,
             ${personName(sql, "u")} as name,
             case when bool_or(gr.schedule_id is null) then null
                  else array_agg(distinct gr.schedule_id order by gr.schedule_id) end as schedule_ids,
             bool_or(g.lockdown_override) as lockdown_override
      from group_rooms gr
      join groups g on g.id = gr.group_id and g.is_active
      join user_groups ug on ug.group_id = gr.group_id
      join users u on u.id = ug.user_id and u.is_active
      where gr.room_id = ${roomId}
      group by u.id
    )
    select 'card' as kind, a.id as user_id, a.name as user_name, a.schedule_ids,
           a.lockdown_override, c.type,
           c.facility_code, c.card_code as code
    from allowed a join user_credentials c on c.user_id = a.id and c.is_active
    union all
    select 'passkey', a.id, a.name, a.schedule_ids, a.lockdown_override, null, null, p.credential_id
    from allowed a join passkeys p on p.user_id = a.id
    union all
    select 'wallet', a.id, a.name, a.schedule_ids, a.lockdown_override, null, null, w.credential_data
    from allowed a join lastlock_credentials w on w.user_id = a.id
      and w.credential_type = 'APPLE_WALLET' and w.is_active
    order by 1, 6, 7, 8, 2`;
  const part: RoomPart = { users: [], schedules: [], credentials: [], passkeys: [], wallets: [], lockdownOverrideUserIds: [] };
  const users = new Map<number, AccessList["users"][number]>();
  const overrides = new Set<number>();
  for (const row of rows) {
    users.set(row.userId, { id: row.userId, name: row.userName, scheduleIds: row.scheduleIds });
    if (row.lockdownOverride) overrides.add(row.userId);
    if (row.kind === "card") {
      part.credentials.push({ type: row.type!, facilityCode: row.facilityCode, cardCode: row.code, userId: row.userId });
    } else {
      (row.kind === "passkey" ? part.passkeys : part.wallets).push({ credentialId: row.code, userId: row.userId });
    }
  }
  part.users = [...users.values()].sort((a, b) => a.id - b.id);
  part.lockdownOverrideUserIds = [...overrides].sort((a, b) => a - b);
  const named = new Set(part.users.flatMap((u) => u.scheduleIds ?? []));
  if (unlockScheduleId !== null) named.add(unlockScheduleId);
  part.schedules = await scheduleRuleRows(sql, [...named]);
  return part;
}

/**
 * The room's visits in the window as of `asOf` (visit_window.ts), by id: a guest's
 * PIN kept as the SHA-256 of the visit's id, a colon and the PIN (pinHash), so that
 * equal PINs of different visits differ; the pass's hash as stored. A member's guest
 * names the host (hostUserId), whom the controller holds to the host's own entry in
 * the list; an admin's guest has none.
 */
async function roomVisits(sql: Queries, roomId: number, asOf: Date): Promise<AccessList["visits"]> {
  const rows = await sql<(Omit<AccessList["visits"][number], "activeFrom" | "endsAt"> & { activeFrom: Date; endsAt: Date })[]>`
    select v.id as visit_id, v.guest_name,
           ${personName(sql, "h")} as host_name,
           case when v.bounded_by_host then v.host_id end as host_user_id,
           (select array_agg(r.room_id order by r.room_id) from visit_rooms r where r.visit_id = v.id) as room_ids,
           encode(sha256(convert_to(v.id || ':' || v.pin, 'UTF8')), 'hex') as pin_hash,
           v.pass_hash,
           v.starts_at - ${LEAD_MINUTES} * interval '1 minute' as active_from,
           v.ends_at
    from visit_rooms vr
    join visits v on v.id = vr.visit_id
    join users h on h.id = v.host_id
    where vr.room_id = ${roomId} and ${inWindow(sql, sql`${asOf}::timestamptz`)}
    order by v.id`;
  return rows.map((r) => ({ ...r, activeFrom: r.activeFrom.toISOString(), endsAt: r.endsAt.toISOString() }));
}

/**
 * The parts of one process, as JSON (the members of the list after the door's own),
 * for the newest generation asked for. Doors of a room asking together share one
 * query (the promise is kept from the start).
 */
export class RoomParts {
  #generation = -1n;
  readonly #parts = new Map<number, Promise<string>>();
  /** The generations the visits parts are of: people, visits. */
  #visitsOf: [bigint, bigint] = [-1n, -1n];
  readonly #visits = new Map<number, Promise<string>>();

  /** The room's part as of `generation` (read in the database with the devices), as JSON. */
  part(sql: Queries, generation: bigint, roomId: number, unlockScheduleId: number | null): Promise<string> {
    // An older generation (a caller that read it before another moved it on) is served
    // without being kept: what it is given is as new as the database, never older.
    if (generation < this.#generation) return partJson(sql, roomId, unlockScheduleId);
    if (generation > this.#generation) {
      this.#generation = generation;
      this.#parts.clear();
    }
    const key = roomId;
    let part = this.#parts.get(key);
    if (!part) {
      part = partJson(sql, roomId, unlockScheduleId);
      this.#parts.set(key, part);
      // A failed query is not kept: the next caller asks again.
      part.catch(() => this.#parts.get(key) === part && this.#parts.delete(key));
    }
    return part;
  }

  /** The room's visits as of `g` (read in the database with the devices), as JSON: `"visits":[…]`. */
  visits(sql: Queries, g: Generations, roomId: number): Promise<string> {
    const [people, visits] = this.#visitsOf;
    if (g.generation < people || g.visits < visits) return visitsJson(sql, roomId, g.visitsAsOf);
    if (g.generation > people || g.visits > visits) {
      this.#visitsOf = [g.generation, g.visits];
      this.#visits.clear();
    }
    let part = this.#visits.get(roomId);
    if (!part) {
      part = visitsJson(sql, roomId, g.visitsAsOf);
      this.#visits.set(roomId, part);
      part.catch(() => this.#visits.get(roomId) === part && this.#visits.delete(roomId));
    }
    return part;
  }
}

const visitsJson = async (sql: Queries, roomId: number, asOf: Date) =>
  `"visits":${JSON.stringify(await roomVisits(sql, roomId, asOf))}`;

const partJson = async (sql: Queries, roomId: number, unlockScheduleId: number | null) =>
  JSON.stringify(await roomPart(sql, roomId, unlockScheduleId)).slice(1, -1);
