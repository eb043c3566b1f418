// What a room's doors are sent when they ask what changed since their version
// (issue 33, list_delta.ts), worked out once per change for every room alike in its
// grants (room_queries.ts: RoomGrants), not once per door or per room.
//
// Each process keeps, per kind of room (its grants' key), its people's shares of the
// digest (list_digest.ts: user id -> share, and their sum) and its schedules, exactly
// as of one generation: made once from the whole of them, then moved on by what
// changed (list_changes.ts), so the digest of a list of 100,000 users costs, per
// change, the users it touched. Moving on also gives the step's delta, trimmed to the
// users whose entries really changed: what every door of such a room that held the
// previous generation is sent, unless room-level things moved (a room's grants may
// have, and with them which of these states it is). A door further behind is sent,
// for every user logged since its version, their entry now or their removal (worked
// out once per kind of room and version). A state no room uses any more is dropped.
//
// Everything here runs in the caller's snapshot (a repeatable read transaction that
// read the generation): a state is never moved on by rows of another moment.
import type { Queries } from "../db/connect.ts";
import type { AccessList } from "./access_list.ts";
import { changesBetween, type Changes } from "./list_changes.ts";
import { addShares, entryShare, schedulesShare } from "./list_digest.ts";
import { entriesOf, type UserEntry } from "./list_delta.ts";
import { type RoomGrants, roomPeople, roomSchedules } from "./room_queries.ts";

/**
 * Users whose entries are worked out for one delta, at most: more (a group of
 * thousands given a room) and the door is sent the whole list.
 */
export const MAX_AFFECTED = 5_000;

/** The people of a delta: entries now, and users gone. */
export type PeopleDelta = { users: UserEntry[]; removedUserIds: number[] };

export type RoomState = {
  generation: bigint;
  /** Each listed user's share of the digest. Moved on in place: read only the newest state's. */
  shares: Map<number, bigint>;
  /** Of the people and of the schedules: the list's digest but its head and visits. */
  share: bigint;
  schedules: AccessList["schedules"];
  schedulesShare: bigint;
  /** The last move: from which generation, the users whose entries changed, what was logged. */
  step?: { from: bigint; people: PeopleDelta; changes: Changes };
};

/** The caller's snapshot is older than what this process already holds: read again. */
export class SnapshotBehind extends Error {}

export class ListDeltas {
  /** Per kind of room (its grants' key), its state, moved on one caller at a time. */
  readonly #states = new Map<string, Promise<RoomState | undefined>>();
  /** Each room's grants' key, as last asked: a state no room has any more is dropped. */
  readonly #keys = new Map<number, string>();
  /** The generation the caches below are for. */
  #upTo = -1n;
  readonly #changes = new Map<bigint, Promise<Changes | null>>();
  readonly #people = new Map<string, Promise<PeopleDelta>>();

  /** The state of rooms with the room's grants (read in the caller's snapshot), exactly as of `generation`. */
  async state(tx: Queries, generation: bigint, roomId: number, grants: RoomGrants): Promise<RoomState> {
    this.#roomHas(roomId, grants.key);
    let failure: unknown;
    const next = (this.#states.get(grants.key) ?? Promise.resolve(undefined)).then(async (state) => {
      if (state && state.generation >= generation) return state;
      try {
        return await this.#moveOn(tx, generation, grants, state);
      } catch (error) {
        failure = error;
        return state; // kept as it was: the next caller moves it on
      }
    });
    this.#states.set(grants.key, next);
    const state = await next;
    if (failure) throw failure;
    if (state!.generation !== generation) throw new SnapshotBehind();
    return state!;
  }

  /** The room's grants are now these: the state of its former ones goes, unless another room has them. */
  #roomHas(roomId: number, key: string) {
    const was = this.#keys.get(roomId);
    if (was === key) return;
    this.#keys.set(roomId, key);
    if (was !== undefined && ![...this.#keys.values()].includes(was)) this.#states.delete(was);
  }

  /** What changed after `after` up to `upTo` (the caller's snapshot's), shared by the callers of that snapshot. */
  changes(tx: Queries, after: bigint, upTo: bigint): Promise<Changes | null> {
    this.#keepFor(upTo);
    if (upTo !== this.#upTo) return changesBetween(tx, after, upTo, MAX_AFFECTED);
    return this.#cached(this.#changes, after, () => changesBetween(tx, after, upTo, MAX_AFFECTED));
  }

  /** For a door at `after`: the entries now (in rooms with these grants) of every user logged since, or their removal. */
  people(tx: Queries, grants: RoomGrants, after: bigint, upTo: bigint, changes: Changes): Promise<PeopleDelta> {
    this.#keepFor(upTo);
    const work = async () => {
      const entries = await entriesNow(tx, grants, changes.userIds);
      return { users: [...entries.values()], removedUserIds: changes.userIds.filter((id) => !entries.has(id)) };
    };
    if (upTo !== this.#upTo) return work();
    return this.#cached(this.#people, `${grants.key}:${after}`, work);
  }

  #keepFor(upTo: bigint) {
    if (upTo <= this.#upTo) return;
    this.#upTo = upTo;
    this.#changes.clear();
    this.#people.clear();
  }

  #cached<K, V>(cache: Map<K, Promise<V>>, key: K, work: () => Promise<V>): Promise<V> {
    let value = cache.get(key);
    if (!value) {
      value = work();
      cache.set(key, value);
      value.catch(() => cache.get(key) === value && cache.delete(key));
    }
    return value;
  }

  /**
   * Forgets the rooms here that are no more, and the states no room has then: a
   * deleted room is never asked for again, and its state (a share for each of its
   * people: 100,000 on the campus) would stay for the process's life. Looked at with
   * a room-level change, which a room's deletion is when it had grants (without,
   * its state holds nobody).
   */
  async #forgetDeletedRooms(tx: Queries) {
    const ids = [...this.#keys.keys()];
    const kept = new Set((await tx<{ id: number }[]>`select id from rooms where id = any(${ids}::int[])`).map((r) => r.id));
    for (const id of ids) if (!kept.has(id)) this.#keys.delete(id);
    const used = new Set(this.#keys.values());
    for (const key of this.#states.keys()) if (!used.has(key)) this.#states.delete(key);
  }

  /** Moves the state on to `generation` by what changed, or makes it from the whole of its people. */
  async #moveOn(tx: Queries, generation: bigint, grants: RoomGrants, state: RoomState | undefined): Promise<RoomState> {
    const changes = state && await this.changes(tx, state.generation, generation);
    if (changes?.roomLevel) await this.#forgetDeletedRooms(tx);
    if (!state || !changes) return await made(tx, generation, grants);
    // Read all before changing anything: a failed read leaves the state as it was.
    const entries = await entriesNow(tx, grants, changes.userIds);
    const schedules = changes.roomLevel ? await roomSchedules(tx, grants) : state.schedules;
    const people: PeopleDelta = { users: [], removedUserIds: [] };
    const moved: bigint[] = [];
    for (const id of changes.userIds) {
      const entry = entries.get(id);
      const before = state.shares.get(id);
      const after = entry && entryShare(entry);
      if (before === after) continue;
      if (before !== undefined) moved.push(-before);
      if (entry) {
        moved.push(after!);
        state.shares.set(id, after!);
        people.users.push(entry);
      } else {
        state.shares.delete(id);
        people.removedUserIds.push(id);
      }
    }
    const schedulesMoved = changes.roomLevel ? schedulesShare(schedules) : state.schedulesShare;
    return {
      generation,
      shares: state.shares,
      share: addShares([state.share, -state.schedulesShare, schedulesMoved, ...moved]),
      schedules,
      schedulesShare: schedulesMoved,
      step: { from: state.generation, people, changes },
    };
  }
}

/** The entries now of these users in rooms with these grants (those they list). */
const entriesNow = async (tx: Queries, grants: RoomGrants, userIds: number[]): Promise<Map<number, UserEntry>> =>
  userIds.length ? entriesOf((await roomPeople(tx, grants, userIds)).people) : new Map();

/** The state made from the whole of its people, as of the snapshot's generation. */
async function made(tx: Queries, generation: bigint, grants: RoomGrants): Promise<RoomState> {
  const { people, generation: seen } = await roomPeople(tx, grants);
  if (seen !== generation) throw new SnapshotBehind();
  const shares = new Map([...entriesOf(people).values()].map((entry) => [entry.id, entryShare(entry)]));
  const schedules = await roomSchedules(tx, grants);
  const schedulesPart = schedulesShare(schedules);
  return { generation, shares, share: addShares([...shares.values(), schedulesPart]), schedules, schedulesShare: schedulesPart };
}
