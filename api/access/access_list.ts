// What a controller needs to decide alone while the server is unreachable: its
// room (with its door unlock settings), whether it may open at all, every
// credential of every user allowed through that room, when each may pass (the
// schedules of the grants admitting them) and those schedules themselves, holidays
// included, for schedules/schedule_time.ts to evaluate, and whether a lockdown
// covers the room, with who may pass it; and the room's guests whose pass works now or
// within 24 hours (spec 4 §5: visit_window.ts). The ETag is the SHA-256 of exactly the
// body sent, so it changes when, and only when, the answer changes: any edit to a
// user, group, membership, room, grant, credential, lockdown, visit or the device
// itself that matters here, or a visit the clock brings into the 24 hours or past its end.
import type { Queries } from "../db/connect.ts";
import type { Reason } from "./schemas.ts";
import type { ScheduleRule } from "../schedules/schedule_time.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";
import { type Generations, NOBODY, type RoomParts } from "./room_parts.ts";

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
  /**
   * The room's guests (spec 4 §5) whose pass works now or within 24 hours, by visitId;
   * revoked visits are not listed. pinHash: SHA-256 (hex) of `<visitId>:<pin>`;
   * passHash: SHA-256 (hex) of the pass's code. hostUserId: a member's guest, who
   * passes only while that host would (the host's entry in users, schedules
   * included); null for an admin's guest.
   */
  visits: {
    visitId: number;
    guestName: string;
    hostName: string;
    hostUserId: number | null;
    roomIds: number[];
    pinHash: string;
    passHash: string;
    activeFrom: string;
    endsAt: string;
  }[];
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

/** Rooms' parts worked out at once, of the pool's connections. */
const AT_ONCE = 4;

/**
 * The access lists of these devices as sent (JSON), their entity tags and the
 * devices' key hashes (door_streams.ts ends a stream whose key is gone), by device
 * id; a device that no longer exists has none. Each room's part comes from `parts`
 * (room_parts.ts): worked out once per change, however many of its doors ask.
 */
export async function accessLists(
  sql: Queries,
  deviceIds: number[],
  parts: RoomParts,
): Promise<Map<number, { json: string; tag: string; keyHash: string | null }>> {
  const devices = await sql<
    (DeviceRow & { locked: boolean; keyHash: string | null; generation: string; visits: string; visitsAsOf: Date })[]
  >`
    select d.id, d.device_id, d.name, d.is_active, d.api_key_hash as key_hash, r.id as room_id, r.name as room_name,
           r.is_active as room_active, r.unlock_schedule_id, r.first_person_in,
           r.id is not null and ${coveredByLockdown(sql, sql`r.id`)} as locked,
           -- Each as a scalar subquery: joined, their tables (one row each, but without
           -- statistics) made the planner expect millions of rows and JIT-compile the
           -- statement, 200-400 ms a list.
           (select generation from access_list_generation) as generation,
           (select generation from access_list_visits) as visits,
           (select as_of from access_list_visits) as visits_as_of
    from devices d left join rooms r on r.id = d.room_id
    where d.id = any(${deviceIds}::int[])`;
  const denyAllOf = (d: DeviceRow): AccessList["denyAll"] =>
    !d.isActive ? "device_inactive" : d.roomId === null ? "device_unassigned" : !d.roomActive ? "room_inactive" : null;
  // Each room's part once (the members of the list after the device's own), AT_ONCE
  // at a time: each statement's deadline starts when it is issued.
  const rooms = [...new Map(devices.filter((d) => !denyAllOf(d)).map((d) => [d.roomId!, d])).values()];
  const roomParts = new Map<number, string>();
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, rooms.length) }, async () => {
    for (let d = rooms.shift(); d; d = rooms.shift()) {
      const g: Generations = { generation: BigInt(d.generation), visits: BigInt(d.visits), visitsAsOf: d.visitsAsOf };
      const [people, visits] = [
        await parts.part(sql, g.generation, d.roomId!, d.unlockScheduleId),
        await parts.visits(sql, g, d.roomId!),
      ];
      roomParts.set(d.roomId!, `${people},${visits}`);
    }
  }));
  const nobody = JSON.stringify({ ...NOBODY, visits: [] }).slice(1, -1);
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
    const json = `${JSON.stringify(head).slice(0, -1)},${denyAll ? nobody : roomParts.get(d.roomId!)}}`;
    lists.set(d.id, { json, tag: await entityTag(json), keyHash: d.keyHash });
  }
  return lists;
}

/** The list as sent, and its entity tag; undefined when the device no longer exists. */
export async function taggedAccessList(
  sql: Queries,
  deviceId: number,
  parts: RoomParts,
): Promise<{ json: string; tag: string } | undefined> {
  return (await accessLists(sql, [deviceId], parts)).get(deviceId);
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
