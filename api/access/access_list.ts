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

/** The device's access list; undefined when the device no longer exists. */
export async function accessList(sql: Queries, deviceId: number): Promise<AccessList | undefined> {
  const [device] = await sql<{
    id: number;
    deviceId: string;
    name: string;
    isActive: boolean;
    roomId: number | null;
    roomName: string | null;
    roomActive: boolean | null;
    unlockScheduleId: number | null;
    firstPersonIn: boolean | null;
  }[]>`
    select d.id, d.device_id, d.name, d.is_active, r.id as room_id, r.name as room_name,
           r.is_active as room_active, r.unlock_schedule_id, r.first_person_in
    from devices d left join rooms r on r.id = d.room_id
    where d.id = ${deviceId}`;
  if (!device) return undefined;
  const denyAll = !device.isActive
    ? "device_inactive"
    : device.roomId === null
    ? "device_unassigned"
    : !device.roomActive
    ? "room_inactive"
    : null;
  const list: AccessList = {
    device: {
      id: device.id,
      deviceId: device.deviceId,
      name: device.name,
      isActive: device.isActive,
    },
    room: device.roomId === null
      ? null
      : {
        id: device.roomId,
        name: device.roomName!,
        isActive: device.roomActive!,
        unlockScheduleId: device.unlockScheduleId,
        firstPersonIn: device.firstPersonIn!,
      },
    denyAll,
    users: [],
    schedules: [],
    credentials: [],
    passkeys: [],
    wallets: [],
    lockdown: false,
    lockdownOverrideUserIds: [],
  };
  if (device.roomId !== null) {
    const [row] = await sql<{ covered: boolean }[]>`select ${coveredByLockdown(sql, device.roomId)} as covered`;
    list.lockdown = row.covered;
  }
  if (denyAll) return list;

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
      where gr.room_id = ${device.roomId}
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
  const users = new Map<number, AccessList["users"][number]>();
  const overrides = new Set<number>();
  for (const row of rows) {
    users.set(row.userId, { id: row.userId, name: row.userName, scheduleIds: row.scheduleIds });
    if (row.lockdownOverride) overrides.add(row.userId);
    if (row.kind === "card") {
      list.credentials.push({
        type: row.type!,
        facilityCode: row.facilityCode,
        cardCode: row.code,
        userId: row.userId,
      });
    } else {
      (row.kind === "passkey" ? list.passkeys : list.wallets).push({
        credentialId: row.code,
        userId: row.userId,
      });
    }
  }
  list.users = [...users.values()].sort((a, b) => a.id - b.id);
  list.lockdownOverrideUserIds = [...overrides].sort((a, b) => a - b);
  const named = new Set(list.users.flatMap((u) => u.scheduleIds ?? []));
  if (device.unlockScheduleId !== null) named.add(device.unlockScheduleId);
  list.schedules = await scheduleRuleRows(sql, [...named]);
  return list;
}

/** The list as sent, and its entity tag; undefined when the device no longer exists. */
export async function taggedAccessList(sql: Queries, deviceId: number): Promise<{ json: string; tag: string } | undefined> {
  const list = await accessList(sql, deviceId);
  if (!list) return undefined;
  const json = JSON.stringify(list);
  return { json, tag: await entityTag(json) };
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
