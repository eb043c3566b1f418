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
import type { AccessList } from "./access_list.ts";
import { addShares, entryShare, schedulesShare, visitsShare } from "./list_digest.ts";
import { entriesOf } from "./list_delta.ts";
import { ListDeltas } from "./list_deltas.ts";
import { type RoomGrants, roomPeople, roomSchedules, roomsVisits } from "./room_queries.ts";

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

/**
 * A part as sent (the members of the list after the door's own, JSON), its share of
 * the list's digest (list_digest.ts), and the generation its people are exactly as of.
 */
export type Part = { json: string; share: bigint; generation: bigint };

/** A room's visits as sent (`"visits":[…]`), their share of the digest, and their members' hosts. */
export type VisitsPart = { json: string; share: bigint; hostIds: Set<number> };

/**
 * The parts of one process, as JSON (the members of the list after the door's own),
 * for the newest generation asked for. Doors of rooms alike in their grants
 * (room_queries.ts) asking together share one query and one part (the promise is
 * kept from the start); visits are per room. The deltas (list_deltas.ts) keep their
 * own state of each kind of room, moved on by what changed.
 */
export class RoomParts {
  #generation = -1n;
  /** By the grants' key. */
  readonly #parts = new Map<string, Promise<Part>>();
  /** The generations the visits parts are of: people, visits. */
  #visitsOf: [bigint, bigint] = [-1n, -1n];
  readonly #visits = new Map<number, Promise<VisitsPart>>();
  readonly deltas = new ListDeltas();

  /** The part of rooms with these grants as of `generation` (read in the database with the devices) or newer. */
  part(sql: Queries, generation: bigint, grants: RoomGrants): Promise<Part> {
    // An older generation (a caller that read it before another moved it on) is served
    // without being kept: what it is given is as new as the database, never older.
    if (generation < this.#generation) return roomPart(sql, grants);
    if (generation > this.#generation) {
      this.#generation = generation;
      this.#parts.clear();
    }
    const key = grants.key;
    let part = this.#parts.get(key);
    if (!part) {
      part = roomPart(sql, grants);
      this.#parts.set(key, part);
      // A failed query is not kept: the next caller asks again.
      part.catch(() => this.#parts.get(key) === part && this.#parts.delete(key));
    }
    return part;
  }

  /**
   * The rooms' visits as of `g` (read in the database with the devices), by room:
   * those not worked out yet for `g` in one query.
   */
  async visits(sql: Queries, g: Generations, roomIds: number[]): Promise<Map<number, VisitsPart>> {
    const [people, visits] = this.#visitsOf;
    if (g.generation < people || g.visits < visits) return (await visitsParts(sql, roomIds, g)).parts;
    if (g.generation > people || g.visits > visits) {
      this.#visitsOf = [g.generation, g.visits];
      this.#visits.clear();
    }
    const missing = [...new Set(roomIds.filter((id) => !this.#visits.has(id)))];
    if (missing.length) {
      const made = visitsParts(sql, missing, g);
      for (const id of missing) {
        const part = made.then((v) => v.parts.get(id)!);
        this.#visits.set(id, part);
        // Kept only when exactly as of `g`: one that saw a later change is not what
        // another door reading `g` would be given.
        made.then((v) => v.exact, () => false).then((exact) => !exact && this.#visits.get(id) === part && this.#visits.delete(id));
      }
    }
    return new Map(await Promise.all(roomIds.map(async (id) => [id, await this.#visits.get(id)!] as const)));
  }
}

/** The rooms' visits parts, by room, and whether they are exactly as of `g`. */
async function visitsParts(sql: Queries, roomIds: number[], g: Generations) {
  const { visits, generation, visitsGeneration } = await roomsVisits(sql, roomIds, g.visitsAsOf);
  const parts = new Map([...visits].map(([id, of]): [number, VisitsPart] => [id, {
    json: `"visits":${JSON.stringify(of)}`,
    share: visitsShare(of),
    hostIds: new Set(of.flatMap((v) => v.hostUserId === null ? [] : [v.hostUserId])),
  }]));
  return { parts, exact: generation === g.generation && visitsGeneration === g.visits };
}

/** The part of rooms with these grants: their people, then their schedules (which a change of the people never moves). */
async function roomPart(sql: Queries, grants: RoomGrants): Promise<Part> {
  const { people, generation } = await roomPeople(sql, grants);
  const schedules = await roomSchedules(sql, grants);
  const part: RoomPart = { ...people, schedules };
  const users = [...entriesOf(people).values()].map(entryShare);
  return {
    json: JSON.stringify({ users: part.users, schedules, credentials: part.credentials, passkeys: part.passkeys, wallets: part.wallets, lockdownOverrideUserIds: part.lockdownOverrideUserIds }).slice(1, -1),
    share: addShares([...users, schedulesShare(schedules)]),
    generation,
  };
}
