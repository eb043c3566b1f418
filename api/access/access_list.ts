// What a controller needs to decide alone while the server is unreachable: its
// room (with its door unlock settings), whether it may open at all, every
// credential of every user allowed through that room, when each may pass (the
// schedules of the grants admitting them), the schedules of the room (its active
// groups' grants and its unlock schedule), holidays included, for
// schedules/schedule_time.ts to evaluate, and whether a lockdown covers the room,
// with who may pass it; and the room's guests whose pass works now or within 24
// hours (spec 4 §5: visit_window.ts).
//
// Each list has a digest of what it holds (list_digest.ts) and a version, which says
// what changes it holds; asked with `since` a version, the answer is what changed
// since (issue 33: list_delta.ts, list_deltas.ts) when that is smaller than the list.
// The ETag is made from the digest (the body is the list's contents in one order and
// form, so equal digests are equal bodies): it changes when, and only when, the
// answer changes (any edit to a user, group, membership, room, grant, credential,
// lockdown, visit or the device itself that matters here, or a visit the clock brings
// into the 24 hours or past its end), and a list moved on by deltas has it too,
// without the server hashing a list of 100,000 users for each door.
import type { Queries, Sql } from "../db/connect.ts";
import { LIST_VERSION, type Reason } from "./schemas.ts";
import type { ScheduleRule } from "../schedules/schedule_time.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";
import { type Generations, NOBODY, type Part, type RoomParts, type VisitsPart } from "./room_parts.ts";
import { addShares, digestText, headShare } from "./list_digest.ts";
import type { ListDelta, ListHead } from "./list_delta.ts";
import { type PeopleDelta, type RoomState, SnapshotBehind } from "./list_deltas.ts";
import type { Changes } from "./list_changes.ts";
import { grantsByRoom, type RoomGrants, roomGrants } from "./room_queries.ts";
import { sha256Hex } from "../sha256.ts";

export type AccessList = {
  device: { id: number; deviceId: string; name: string; isActive: boolean };
  room: { id: number; name: string; isActive: boolean; unlockScheduleId: number | null; firstPersonIn: boolean } | null;
  /** null when the device may open for someone; else why it must deny everyone. */
  denyAll: Extract<Reason, "device_inactive" | "device_unassigned" | "room_inactive"> | null;
  /** scheduleIds: the schedules of the grants admitting the user (one open suffices); null: at all times. */
  users: { id: number; name: string; scheduleIds: number[] | null }[];
  /** The room's schedules (its active groups' grants' and its unlock schedule), by id. */
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
  /** The room's grants (room_queries.ts: grantsByRoom). */
  grants: string;
  locked: boolean;
  keyHash: string | null;
  generation: string;
  changesAfter: string;
  visits: string;
  visitsAsOf: Date;
};

/** Rooms' parts worked out at once, of the pool's connections. */
const AT_ONCE = 4;

/** A list as sent: its JSON, entity tag, version and digest, and its device's key hash. */
export type ListAnswer = { json: string; tag: string; version: string; digest: string; keyHash: string | null };

const devicesOf = (sql: Queries, deviceIds: number[]) =>
  sql<DeviceRow[]>`
    select d.id, d.device_id, d.name, d.is_active, d.api_key_hash as key_hash, r.id as room_id, r.name as room_name,
           r.is_active as room_active, r.unlock_schedule_id, r.first_person_in, coalesce(g.grants, '') as grants,
           r.id is not null and ${coveredByLockdown(sql, sql`r.id`)} as locked,
           -- Each as a scalar subquery: joined, their tables (one row each, but without
           -- statistics) made the planner expect millions of rows and JIT-compile the
           -- statement, 200-400 ms a list.
           (select generation from access_list_generation) as generation,
           (select changes_after from access_list_generation) as changes_after,
           (select generation from access_list_visits) as visits,
           (select as_of from access_list_visits) as visits_as_of
    from devices d left join rooms r on r.id = d.room_id
      left join ${grantsByRoom(sql, sql`select room_id from devices where id = any(${deviceIds}::int[])`)} g on g.room_id = r.id
    where d.id = any(${deviceIds}::int[])`;

const denyAllOf = (d: DeviceRow): AccessList["denyAll"] =>
  !d.isActive ? "device_inactive" : d.roomId === null ? "device_unassigned" : !d.roomActive ? "room_inactive" : null;

const headOf = (d: DeviceRow): ListHead => ({
  device: { id: d.id, deviceId: d.deviceId, name: d.name, isActive: d.isActive },
  room: d.roomId === null ? null : {
    id: d.roomId,
    name: d.roomName!,
    isActive: d.roomActive!,
    unlockScheduleId: d.unlockScheduleId,
    firstPersonIn: d.firstPersonIn!,
  },
  denyAll: denyAllOf(d),
  lockdown: d.locked,
});

const grantsOf = (d: DeviceRow): RoomGrants => roomGrants(d.grants, d.unlockScheduleId);

const generationsOf = (d: DeviceRow): Generations => ({
  generation: BigInt(d.generation),
  visits: BigInt(d.visits),
  visitsAsOf: d.visitsAsOf,
});

/**
 * A list's version (docs/api.md): the generation its people are exactly as of, that
 * of its visits, and the room whose people it holds ("-": nobody, a list that denies
 * all). Opaque to a controller, which sends it back as `since`.
 */
const versionOf = (people: bigint, visits: bigint, roomId: number | null) => `${people}.${visits}.${roomId ?? "-"}`;

type Version = { people: bigint; visits: bigint; roomId: number | null };

/** A version as this API sends it, or null. */
function parseVersion(text: string): Version | null {
  const match = LIST_VERSION.exec(text);
  return match && { people: BigInt(match[1]), visits: BigInt(match[2]), roomId: match[3] === "-" ? null : Number(match[3]) };
}

/**
 * The access lists of these devices as sent (JSON), their entity tags, versions and
 * digests, and the devices' key hashes (door_streams.ts ends a stream whose key is
 * gone), by device id; a device that no longer exists has none. Each room's part
 * comes from `parts` (room_parts.ts): worked out once per change, however many of
 * its doors ask.
 */
export async function accessLists(sql: Queries, deviceIds: number[], parts: RoomParts): Promise<Map<number, ListAnswer>> {
  const devices = await devicesOf(sql, deviceIds);
  // Each room's part once (the members of the list after the device's own), AT_ONCE
  // at a time: each statement's deadline starts when it is issued.
  const rooms = [...new Map(devices.filter((d) => !denyAllOf(d)).map((d) => [d.roomId!, d])).values()];
  const visits = rooms.length ? await parts.visits(sql, generationsOf(rooms[0]), rooms.map((d) => d.roomId!)) : new Map();
  const roomParts = new Map<number, { people: Part; visits: VisitsPart }>();
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, rooms.length) }, async () => {
    for (let d = rooms.shift(); d; d = rooms.shift()) {
      roomParts.set(d.roomId!, { people: await parts.part(sql, generationsOf(d).generation, grantsOf(d)), visits: visits.get(d.roomId!)! });
    }
  }));
  const nobody = JSON.stringify({ ...NOBODY, visits: [] }).slice(1, -1);
  const lists = new Map<number, ListAnswer>();
  for (const d of devices) {
    const head = headOf(d);
    const part = head.denyAll ? undefined : roomParts.get(d.roomId!)!;
    const json = `${JSON.stringify(head).slice(0, -1)},${part ? `${part.people.json},${part.visits.json}` : nobody}}`;
    const digest = digestText(addShares([headShare(head), part?.people.share ?? 0n, part?.visits.share ?? 0n]));
    lists.set(d.id, {
      json,
      tag: listTag(digest),
      version: part ? versionOf(part.people.generation, BigInt(d.visits), d.roomId) : versionOf(BigInt(d.generation), BigInt(d.visits), null),
      digest,
      keyHash: d.keyHash,
    });
  }
  return lists;
}

/**
 * A delta as sent (its JSON is the three parts in order): the door's own head, the
 * people's changes, and the rest. The people's part is one string for every door sent
 * it (a bulk add's is hundreds of kilobytes), so a stream writing it to 2,000 doors
 * can encode it once (door_streams.ts).
 */
export type DeltaText = { head: string; people: string; rest: string };

/**
 * What a list is, without the list: its entity tag, version and digest, and its
 * device's key hash; and for a door whose version was given, the delta from it (what
 * `?since=` answers), unless the whole list is to be sent: made when asked for, as
 * most doors told of a change to another room's list are sent nothing.
 */
export type ListTags = Omit<ListAnswer, "json"> & { delta?: () => DeltaText };

/** What a door was last told of its list: the version, and the tag of the list it holds (null: unknown). */
export type Told = { version: string; tag: string | null };

/**
 * The entity tags, versions and digests of these devices' lists, and the devices' key
 * hashes, by device id, without building a list: what tells a door whether its list
 * is current (door_streams.ts, the Doors board). Each room's digest comes from its
 * state in `parts.deltas` (list_deltas.ts), which a change moves on by the users it
 * touched: a change costs each kind of room those users, not its 100,000 entries as
 * JSON per door. With `since` (the version each door was last told, and the tag of the
 * list it holds), the deltas from those versions, for the doors whose list is not the
 * one they hold: a change to one room's list costs the doors of the others nothing. Read in one repeatable read snapshot, so each digest is of its
 * version.
 */
export function accessListTags(
  sql: Queries,
  deviceIds: number[],
  parts: RoomParts,
  since: ReadonlyMap<number, Told> = new Map(),
): Promise<Map<number, ListTags>> {
  return inStateSnapshot(sql, async (tx) => {
    const devices = await devicesOf(tx, deviceIds);
    const open = devices.filter((d) => !denyAllOf(d));
    const visits = open.length ? await parts.visits(tx, generationsOf(open[0]), open.map((d) => d.roomId!)) : new Map();
    const rooms = new Map<number, { grants: RoomGrants; state: RoomState; visits: VisitsPart }>();
    for (const d of open) {
      if (rooms.has(d.roomId!)) continue;
      const grants = grantsOf(d);
      const state = await parts.deltas.state(tx, generationsOf(d).generation, d.roomId!, grants);
      rooms.set(d.roomId!, { grants, state, visits: visits.get(d.roomId!)! });
    }
    const tags = new Map<number, ListTags>();
    for (const d of devices) {
      const head = headOf(d);
      const g = generationsOf(d);
      const room = head.denyAll ? undefined : rooms.get(d.roomId!);
      const digest = digestText(addShares([headShare(head), room?.state.share ?? 0n, room?.visits.share ?? 0n]));
      const answer = {
        tag: listTag(digest),
        version: versionOf(g.generation, g.visits, room ? d.roomId : null),
        digest,
      };
      const told = since.get(d.id);
      const from = room && told && told.tag !== answer.tag ? parseVersion(told.version) : null;
      const moved = from && deltaPossible(from, d, head, g) ? await peopleSince(tx, parts, from, g, room!.grants, room!.state) : null;
      const delta = moved ? () => deltaText({ since: told!.version, from: from!, head, g, answer, ...moved, ...room! }) : undefined;
      tags.set(d.id, { ...answer, keyHash: d.keyHash, delta });
    }
    return tags;
  });
}

/** The list as sent, and its entity tag, version and digest; undefined when the device no longer exists. */
export async function taggedAccessList(sql: Queries, deviceId: number, parts: RoomParts): Promise<ListAnswer | undefined> {
  return (await accessLists(sql, [deviceId], parts)).get(deviceId);
}

/** A delta as sent (list_delta.ts), with the version, digest and entity tag of the list it makes. */
export type DeltaAnswer = { json: string; version: string; digest: string; tag: string };

/** Tries with a newer snapshot when another request moved this process's state past the first. */
const SNAPSHOT_TRIES = 3;

/**
 * What changed in the device's list since `since` (a version this API sent), as a
 * delta; "full" when the whole list must be sent instead (a version unknown, older
 * than the log kept, of another room, a list that denies all, or a delta about as
 * big as the list); undefined when the device no longer exists. The delta
 * accessListTags works out for a door told `since`: one snapshot, so the delta, its
 * version and its digest agree.
 */
export async function accessListDelta(
  sql: Queries,
  deviceId: number,
  since: string,
  parts: RoomParts,
): Promise<DeltaAnswer | "full" | undefined> {
  const list = (await accessListTags(sql, [deviceId], parts, new Map([[deviceId, { version: since, tag: null }]]))).get(deviceId);
  if (!list || list.delta === undefined) return list && "full";
  const { head, people, rest } = list.delta();
  return { json: head + people + rest, version: list.version, digest: list.digest, tag: list.tag };
}

/** Whether a list of `d` can be moved on from `from` by a delta: else the whole list is sent. */
const deltaPossible = (from: Version, d: DeviceRow, head: ListHead, g: Generations) =>
  !head.denyAll && from.roomId === d.roomId && from.people >= BigInt(d.changesAfter) && from.people <= g.generation &&
  from.visits <= g.visits;

/**
 * What changed in the people of a list at `from` up to the state's generation, or
 * null when the whole list is to be sent (more than the log says in a delta, or about
 * as big as the list). The doors that held the previous generation (most, after a
 * change) are sent the state's last step: only the users whose entries changed, known
 * without a query; not after a room-level change, which may have been this room's
 * grants (it held another state's people before). Others get every user logged since
 * (worked out once per kind of room and version: list_deltas.ts).
 */
async function peopleSince(
  tx: Queries,
  parts: RoomParts,
  from: Version,
  g: Generations,
  grants: RoomGrants,
  state: RoomState,
): Promise<{ people: PeopleDelta; changes: Changes } | null> {
  const step = state.step?.from === from.people && !state.step.changes.roomLevel ? state.step : undefined;
  const changes = step?.changes ?? await parts.deltas.changes(tx, from.people, g.generation);
  if (!changes) return null;
  const people = step?.people ?? await parts.deltas.people(tx, grants, from.people, g.generation, changes);
  return people.users.length + people.removedUserIds.length / 16 >= Math.max(state.shares.size, 1) ? null : { people, changes };
}

/** What a delta is made of: the door's version, the list's head and what it is now, what changed. */
type DeltaParts = {
  since: string;
  from: Version;
  head: ListHead;
  g: Generations;
  answer: Omit<DeltaAnswer, "json">;
  people: PeopleDelta;
  changes: Changes;
  state: RoomState;
  visits: VisitsPart;
};

/**
 * A delta as sent: the head, the people's changes, the schedules when room-level
 * things moved, the visits when they or one of their hosts did.
 */
function deltaText({ since, from, head, g, answer, people, changes, state, visits }: DeltaParts): DeltaText {
  const delta: Omit<ListDelta, "schedules" | "visits" | "users" | "removedUserIds"> = {
    delta: true,
    since,
    version: answer.version,
    digest: answer.digest,
    etag: answer.tag,
    ...head,
  };
  const withVisits = from.visits !== g.visits || changes.userIds.some((id) => visits.hostIds.has(id));
  return {
    head: `${JSON.stringify(delta).slice(0, -1)},`,
    people: peopleJson(people),
    rest: `${changes.roomLevel ? `,"schedules":${JSON.stringify(state.schedules)}` : ""}${withVisits ? `,${visits.json}` : ""}}`,
  };
}

/** A delta's people as sent (`"users":[…],"removedUserIds":[…]`), made once however many doors are sent them. */
const peopleJsonOf = new WeakMap<PeopleDelta, string>();
function peopleJson(people: PeopleDelta): string {
  let json = peopleJsonOf.get(people);
  if (json === undefined) {
    json = JSON.stringify({ users: people.users, removedUserIds: people.removedUserIds }).slice(1, -1);
    peopleJsonOf.set(people, json);
  }
  return json;
}

/** Runs `fn` in a snapshot, again in a newer one when another caller moved a room's state past the first. */
async function inStateSnapshot<T>(sql: Queries, fn: (tx: Queries) => Promise<T>): Promise<T> {
  for (let tries = 1;; tries++) {
    try {
      return await inSnapshot(sql, fn);
    } catch (error) {
      if (!(error instanceof SnapshotBehind) || tries === SNAPSHOT_TRIES) throw error;
    }
  }
}

/** Runs `fn` in a read-only repeatable read transaction (or in the caller's, when given one). */
function inSnapshot<T>(sql: Queries, fn: (tx: Queries) => Promise<T>): Promise<T> {
  const pool = sql as Partial<Sql>;
  return pool.begin ? pool.begin("isolation level repeatable read read only", fn) as Promise<T> : fn(sql);
}

/**
 * A list's strong entity tag, from its digest. The label names the list's form: a
 * release that sends the same contents in another form changes it.
 */
const listTag = (digest: string) => entityTag(`threshold access list 1:${digest}`);

/** A strong entity tag: the SHA-256 of the body, quoted. */
export function entityTag(body: string): string {
  return `"${sha256Hex(body).slice(0, 40)}"`;
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
