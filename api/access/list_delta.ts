// A door's access list moved on by what changed (issue 33): instead of the whole
// list, the server sends, for every user whose entry in the room may have changed,
// that user's whole new entry or their removal; the room-level parts (schedules) and
// the room's visits whole when they moved; the list's head (device, room, denyAll,
// lockdown) always, as it is small and its changes are not logged. Pure: the server
// builds its lists in this order, and a controller applies deltas with applyDelta,
// so a list moved on by deltas is, to the byte, the list the server would send.
import type { AccessList } from "./access_list.ts";

/** One user's whole entry in a room's list: what their lines in the list's arrays say. */
export type UserEntry = {
  id: number;
  name: string;
  scheduleIds: number[] | null;
  lockdownOverride: boolean;
  credentials: { type: string; facilityCode: string | null; cardCode: string }[];
  passkeys: string[];
  wallets: string[];
};

/** The people of a room's list: the arrays every door of the room shares but its schedules. */
export type People = Pick<AccessList, "users" | "credentials" | "passkeys" | "wallets" | "lockdownOverrideUserIds">;

export type ListHead = Pick<AccessList, "device" | "room" | "denyAll" | "lockdown">;

/** What GET …/access-list?since=<version> answers when it can say what changed. */
export type ListDelta = ListHead & {
  /** Tells a delta from a full list. */
  delta: true;
  /** The version the delta moves from, and the one it moves to. */
  since: string;
  version: string;
  /** The digest (list_digest.ts) and entity tag of the whole list the delta makes. */
  digest: string;
  etag: string;
  /** The new entries of users whose entries changed (or may have), whole. */
  users: UserEntry[];
  /** Users no longer in the list (perhaps never in it: applying is the same). */
  removedUserIds: number[];
  /** Present when they moved: the list's schedules, whole. */
  schedules?: AccessList["schedules"];
  /** Present when they moved: the room's visits, whole. */
  visits?: AccessList["visits"];
};

const byString = (a: string, b: string) => a < b ? -1 : a > b ? 1 : 0;

/** The order of a list's credentials: type, facility code (none last), card code, holder. */
const credentialOrder = (a: AccessList["credentials"][number], b: AccessList["credentials"][number]) =>
  byString(a.type, b.type) ||
  (a.facilityCode === b.facilityCode ? 0 : a.facilityCode === null ? 1 : b.facilityCode === null ? -1 : byString(a.facilityCode, b.facilityCode)) ||
  byString(a.cardCode, b.cardCode) || a.userId - b.userId;

const keyOrder = (a: { credentialId: string; userId: number }, b: { credentialId: string; userId: number }) =>
  byString(a.credentialId, b.credentialId) || a.userId - b.userId;

/** The people's arrays in the list's one order (sorted in place, and returned). */
export function inListOrder(people: People): People {
  people.users.sort((a, b) => a.id - b.id);
  people.credentials.sort(credentialOrder);
  people.passkeys.sort(keyOrder);
  people.wallets.sort(keyOrder);
  people.lockdownOverrideUserIds.sort((a, b) => a - b);
  return people;
}

/** Each listed user's whole entry, by user id, its parts in the list's order. */
export function entriesOf(people: People): Map<number, UserEntry> {
  const override = new Set(people.lockdownOverrideUserIds);
  const entries = new Map<number, UserEntry>(people.users.map((u) => [u.id, {
    id: u.id,
    name: u.name,
    scheduleIds: u.scheduleIds,
    lockdownOverride: override.has(u.id),
    credentials: [],
    passkeys: [],
    wallets: [],
  }]));
  for (const c of [...people.credentials].sort(credentialOrder)) {
    entries.get(c.userId)?.credentials.push({ type: c.type, facilityCode: c.facilityCode, cardCode: c.cardCode });
  }
  for (const p of [...people.passkeys].sort(keyOrder)) entries.get(p.userId)?.passkeys.push(p.credentialId);
  for (const w of [...people.wallets].sort(keyOrder)) entries.get(w.userId)?.wallets.push(w.credentialId);
  return entries;
}

/** The people's arrays of these entries, in the list's order. */
export function peopleOf(entries: Iterable<UserEntry>): People {
  const people: People = { users: [], credentials: [], passkeys: [], wallets: [], lockdownOverrideUserIds: [] };
  addEntries(people, entries);
  return inListOrder(people);
}

function addEntries(people: People, entries: Iterable<UserEntry>) {
  for (const e of entries) {
    people.users.push({ id: e.id, name: e.name, scheduleIds: e.scheduleIds });
    if (e.lockdownOverride) people.lockdownOverrideUserIds.push(e.id);
    for (const c of e.credentials) people.credentials.push({ ...c, userId: e.id });
    for (const credentialId of e.passkeys) people.passkeys.push({ credentialId, userId: e.id });
    for (const credentialId of e.wallets) people.wallets.push({ credentialId, userId: e.id });
  }
}

/**
 * The list `delta` makes of `list`: the entries of the users it names replaced (or
 * removed), the head, and the schedules and visits it carries. The list given is
 * left as it was. Its arrays, in the list's order, stay so: the new lines are merged
 * in, not the whole sorted again (a list of 100,000 people took a controller hundreds
 * of milliseconds to sort).
 */
export function applyDelta(list: AccessList, delta: ListDelta): AccessList {
  const touched = new Set([...delta.removedUserIds, ...delta.users.map((u) => u.id)]);
  const kept = <T extends { userId: number }>(items: T[]) => items.filter((item) => !touched.has(item.userId));
  const added = peopleOf(delta.users);
  // In the order of the server's body (access_list.ts: its head, then the room's parts).
  return {
    device: delta.device,
    room: delta.room,
    denyAll: delta.denyAll,
    lockdown: delta.lockdown,
    users: merged(list.users.filter((u) => !touched.has(u.id)), added.users, (a, b) => a.id - b.id),
    schedules: delta.schedules ?? list.schedules,
    credentials: merged(kept(list.credentials), added.credentials, credentialOrder),
    passkeys: merged(kept(list.passkeys), added.passkeys, keyOrder),
    wallets: merged(kept(list.wallets), added.wallets, keyOrder),
    lockdownOverrideUserIds: merged(list.lockdownOverrideUserIds.filter((id) => !touched.has(id)), added.lockdownOverrideUserIds, (a, b) => a - b),
    visits: delta.visits ?? list.visits,
  };
}

/** Two arrays in `order` as one, in order. */
function merged<T>(a: T[], b: T[], order: (x: T, y: T) => number): T[] {
  if (!b.length) return a;
  const out: T[] = [];
  let i = 0, j = 0;
  while (i < a.length && j < b.length) out.push(order(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}
