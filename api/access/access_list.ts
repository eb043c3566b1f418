// What a controller needs to decide alone while the server is unreachable: its
// room (with its door unlock settings), whether it may open at all, every
// credential of every user allowed through that room, when each may pass (the
// schedules of the grants admitting them) and those schedules themselves, holidays
// included, for schedules/schedule_time.ts to evaluate, and whether a lockdown
// covers the room, with who may pass it. The ETag is the SHA-256 of exactly the
// body sent, so it changes when, and only when, the answer changes: any edit to a
// user, group, membership, room, grant, credential, lockdown or the device itself
// that matters here.
import type { Queries } from "../db/connect.ts";
import type { Reason } from "./schemas.ts";
import type { ScheduleRule } from "../schedules/schedule_time.ts";
import { scheduleRuleRows } from "../schedules/repo.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";

export type AccessList = {
  device: { id: number; deviceId: string; name: string; isActive: boolean };
  room: { id: number; name: string; isActive: boolean; unlockScheduleId: number | null; firstPersonIn: boolean } | null;
  /** null when the device may open for someone; else why it must deny everyone. */
  denyAll: Extract<Reason, "device_inactive" | "device_unassigned" | "room_inactive"> | null;
  /** scheduleIds: the schedules of the grants admitting the user (one open suffices); null: at all times. */
  users: { id: number; name: string; scheduleIds: number[] | null }[];
  /** Every schedule the list names (grants and the unlock schedule), by id. */
  schedules: ({ id: number; name: string } & ScheduleRule)[];
  /** Badges: the decision matches type, facility code (null = none) and card code exactly. */
  credentials: { type: string; facilityCode: string | null; cardCode: string; userId: number }[];
  passkeys: { credentialId: string; userId: number }[];
  wallets: { credentialId: string; userId: number }[];
  /** An active lockdown covers the room (spec 3 §2): deny all but the override users. */
  lockdown: boolean;
  /** Users of an active group with lockdown override holding the room: they pass a lockdown, whatever the schedule. */
  lockdownOverrideUserIds: number[];
};

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

type DeviceRow = {
  id: number;
  deviceId: string;
  name: string;
  isActive: boolean;
  roomId: number | null;
  roomName: string | null;
  roomActive: boolean | null;
  unlockScheduleId: number | null;
  firstPersonIn: boolean | null;
};

/** What every device of a room shares: who may pass, with what, when. */
type RoomPart = Pick<AccessList, "users" | "schedules" | "credentials" | "passkeys" | "wallets" | "lockdownOverrideUserIds">;

const NOBODY: RoomPart = { users: [], schedules: [], credentials: [], passkeys: [], wallets: [], lockdownOverrideUserIds: [] };

/** Rooms' parts worked out at once, of the pool's connections. */
const AT_ONCE = 4;

/** The room's part of its doors' lists. */
async function roomPart(sql: Queries, roomId: number, unlockScheduleId: number | null): Promise<RoomPart> {
  // Active users in an active group holding the room, with their active credentials
  // and the schedules of their grants (null when one grant has none: at all times).
  const rows = await sql<Row[]>`
    with allowed as (
      select u.id,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name,
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
 * The access lists of these devices as sent (JSON), their entity tags and the
 * devices' key hashes (door_streams.ts ends a stream whose key is gone), by device
 * id; a device that no longer exists has none. Each room's part is worked out once,
 * however many of its doors ask, and `parts` (room id → its part as JSON) keeps
 * them for a caller who knows they have not changed since (door_streams.ts: a
 * lockdown changes hundreds of lists at once, and none of their rooms' parts).
 */
export async function accessLists(
  sql: Queries,
  deviceIds: number[],
  parts = new Map<number, string>(),
): Promise<Map<number, { json: string; tag: string; keyHash: string | null }>> {
  const devices = await sql<(DeviceRow & { locked: boolean; keyHash: string | null })[]>`
    select d.id, d.device_id, d.name, d.is_active, d.api_key_hash as key_hash, r.id as room_id, r.name as room_name,
           r.is_active as room_active, r.unlock_schedule_id, r.first_person_in,
           r.id is not null and ${coveredByLockdown(sql, sql`r.id`)} as locked
    from devices d left join rooms r on r.id = d.room_id
    where d.id = any(${deviceIds}::int[])`;
  const denyAllOf = (d: DeviceRow): AccessList["denyAll"] =>
    !d.isActive ? "device_inactive" : d.roomId === null ? "device_unassigned" : !d.roomActive ? "room_inactive" : null;
  // Each room's part once, as JSON (the members of the list after the device's own).
  const rooms = new Map(devices.filter((d) => !denyAllOf(d)).map((d) => [d.roomId!, d.unlockScheduleId]));
  const queue = [...rooms.keys()].filter((room) => !parts.has(room));
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
    for (let room = queue.shift(); room !== undefined; room = queue.shift()) {
      parts.set(room, JSON.stringify(await roomPart(sql, room, rooms.get(room)!)).slice(1, -1));
    }
  }));
  const nobody = JSON.stringify(NOBODY).slice(1, -1);
  const lists = new Map<number, { json: string; tag: string; keyHash: string | null }>();
  for (const d of devices) {
    const denyAll = denyAllOf(d);
    const head: Pick<AccessList, "device" | "room" | "denyAll" | "lockdown"> = {
      device: { id: d.id, deviceId: d.deviceId, name: d.name, isActive: d.isActive },
      room: d.roomId === null ? null : {
        id: d.roomId,
        name: d.roomName!,
        isActive: d.roomActive!,
        unlockScheduleId: d.unlockScheduleId,
        firstPersonIn: d.firstPersonIn!,
      },
      denyAll,
      lockdown: d.locked,
    };
    const json = `${JSON.stringify(head).slice(0, -1)},${denyAll ? nobody : parts.get(d.roomId!)}}`;
    lists.set(d.id, { json, tag: await entityTag(json), keyHash: d.keyHash });
  }
  return lists;
}

/** The list as sent, and its entity tag; undefined when the device no longer exists. */
export async function taggedAccessList(sql: Queries, deviceId: number): Promise<{ json: string; tag: string } | undefined> {
  return (await accessLists(sql, [deviceId])).get(deviceId);
}

/** A strong entity tag: the SHA-256 of the body, quoted. */
export async function entityTag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex.slice(0, 40)}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are
 * ignored, and * matches any current representation.
 */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = tag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
