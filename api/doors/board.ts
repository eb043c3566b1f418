// The Doors board (spec 4 §1): every active keyed device with its connection, its
// door's position, its room's lock, whether it holds the newest access list, and its
// most pressing alarm. Read in a few statements for the whole building: presence and
// door state and alarms in one, the rooms' door states once, the lists' tags from the
// rooms' digests (access_list.ts, accessListTags), without building any list.
import type { Queries } from "../db/connect.ts";
import { selectRooms } from "../rooms/repo.ts";
import { accessListTags } from "../access/access_list.ts";
import type { RoomParts } from "../access/room_parts.ts";
import { onlineNow } from "./presence.ts";
import type { DoorEntry } from "./contract.ts";

type Row = {
  deviceId: number;
  deviceName: string;
  roomId: number | null;
  roomName: string | null;
  never: boolean;
  online: boolean | null;
  lastSeenAt: Date | null;
  position: "open" | "closed" | "unknown" | null;
  since: Date | null;
  listEtag: string | null;
  listFetchedAt: Date | null;
  alarm: DoorEntry["alarm"];
};

/** The board, by room name then device name (unassigned doors last); `deviceIds`: only these. */
export async function doorBoard(sql: Queries, parts: RoomParts, deviceIds?: number[]): Promise<DoorEntry[]> {
  const rows = await sql<Row[]>`
    select d.id as device_id, d.name as device_name, d.room_id, r.name as room_name,
           p.device_id is null as never,
           ${onlineNow(sql)} as online,
           -- Its last contact: now while a process vouches for its open stream, else its
           -- last call or the last renewal of its stream (a process that died renewed no more).
           case when p.stream_until > now() then now() else p.last_seen_at end as last_seen_at,
           s.position, s.since, p.list_etag, p.list_fetched_at,
           (select json_build_object('id', a.id, 'type', a.type, 'severity', a.severity)
            from alarms a where a.device_id = d.id and a.resolved_at is null
            order by a.severity = 'critical' desc, a.started_at desc, a.id desc limit 1) as alarm
    from devices d
    left join rooms r on r.id = d.room_id
    left join device_presence p on p.device_id = d.id
    left join door_states s on s.device_id = d.id
    where ${deviceIds ? sql`d.id = any(${deviceIds}::int[])` : sql`d.is_active and d.api_key_hash is not null`}
    order by r.name is null, lower(r.name), lower(d.name), d.id`;
  if (!rows.length) return [];
  const roomIds = [...new Set(rows.flatMap((row) => (row.roomId === null ? [] : [row.roomId])))];
  const [rooms, lists] = await Promise.all([
    selectRooms(sql, sql`where r.id = any(${roomIds}::int[])`),
    accessListTags(sql, rows.map((row) => row.deviceId), parts),
  ]);
  const lockOf = new Map(rooms.map((room) => [room.id, room.doorState.state]));
  return rows.map((row): DoorEntry => {
    const connection = row.never
      ? { state: "never" as const, lastSeenAt: null }
      : { state: row.online ? "online" as const : "offline" as const, lastSeenAt: row.lastSeenAt };
    const known = connection.state === "online" && row.position !== null;
    return {
      deviceId: row.deviceId,
      deviceName: row.deviceName,
      roomId: row.roomId,
      roomName: row.roomName,
      connection,
      position: known ? { state: row.position!, since: row.since } : { state: "unknown", since: null },
      lock: (row.roomId !== null ? lockOf.get(row.roomId) : undefined) ?? "locked",
      list: {
        current: row.listEtag !== null && row.listEtag === lists.get(row.deviceId)?.tag,
        fetchedAt: row.listFetchedAt,
      },
      alarm: row.alarm,
    };
  });
}
