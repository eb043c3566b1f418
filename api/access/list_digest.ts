// The digest of a door's access list (issue 33): a fingerprint of what the list
// holds, whatever the order of its arrays, that the server sends with every answer
// and a controller works out from the list it holds (after applying a delta, or
// loading it from disk): when they differ, the controller fetches the whole list.
//
// It is a multiset hash: the sum, modulo 2^128, of the first 128 bits of the
// SHA-256 of each part, tagged by its kind: the head (device, room, denyAll,
// lockdown), each user's whole entry (list_delta.ts: name, schedules, override,
// credentials), each schedule and each visit. A sum can be moved on by subtracting a
// user's old entry and adding their new one, so the server keeps, per room, each
// user's share and the total, and gives the digest of a list of 100,000 users
// without hashing them again for each change. It detects corruption and gaps, not a
// forger who chooses the list's contents (a sum of hashes does not resist that).
import type { AccessList } from "./access_list.ts";
import { entriesOf, type ListDelta, type ListHead, type People, type UserEntry } from "./list_delta.ts";
import { sha256Hex } from "../sha256.ts";

const MODULUS = 1n << 128n;

/** JSON with object keys sorted: one text per value, whatever its keys' order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** One part's share: its kind and canonical JSON, hashed. */
function share(kind: string, text: string): bigint {
  return BigInt(`0x${sha256Hex(`${kind}:${text}`).slice(0, 32)}`);
}

/** Adds shares (or, negative, takes them away), modulo 2^128. */
export function addShares(shares: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const s of shares) sum += s;
  sum %= MODULUS;
  return sum < 0n ? sum + MODULUS : sum;
}

/** A user's share: their whole entry, its arrays in the list's order (entriesOf). */
export const entryShare = (e: UserEntry): bigint =>
  share(
    "user",
    JSON.stringify([e.id, e.name, e.scheduleIds, e.lockdownOverride, e.credentials.map((c) => [c.type, c.facilityCode, c.cardCode]), e.passkeys, e.wallets]),
  );

export const headShare = (head: ListHead): bigint => share("head", headText(head));

/**
 * The head's canonical JSON (keys sorted), written out field by field: what
 * canonicalJson makes of it, about ten times faster. Each connected door's digest
 * moves with every change (issue 33: 2,000 doors), and its head is hashed each time.
 */
export const headText = ({ device, room, denyAll, lockdown }: ListHead): string =>
  JSON.stringify({
    denyAll,
    device: { deviceId: device.deviceId, id: device.id, isActive: device.isActive, name: device.name },
    lockdown,
    room: room && {
      firstPersonIn: room.firstPersonIn,
      id: room.id,
      isActive: room.isActive,
      name: room.name,
      unlockScheduleId: room.unlockScheduleId,
    },
  });

export const schedulesShare = (schedules: AccessList["schedules"]): bigint =>
  addShares(schedules.map((s) => share("schedule", canonicalJson(s))));

export const visitsShare = (visits: AccessList["visits"]): bigint => addShares(visits.map((v) => share("visit", canonicalJson(v))));

/** The digest as sent: 32 hex digits. */
export const digestText = (sum: bigint): string => sum.toString(16).padStart(32, "0");

/** The digest of a whole list, worked out from it alone (as a controller does). */
export const listDigest = (list: AccessList): string => HeldDigest.of(list).digest(list);

/**
 * A list's digest as a controller holds it: each listed user's share, worked out once
 * from the list, and their sum; moved on by a delta for the users it touched, so that
 * checking a delta to a list of 100,000 people costs its users, not the list (issue 33:
 * hashing the whole list again took a reference controller about a second a change).
 */
export class HeldDigest {
  private constructor(readonly shares: Map<number, bigint>, private people: bigint) {}

  static of(list: AccessList): HeldDigest {
    const entries = [...entriesOf(list).values()];
    // Lines no entry holds (a credential of a user not listed, a user listed twice)
    // change the digest too: a list is either exactly the server's or it is not.
    const held = entries.reduce((n, e) => n + 1 + Number(e.lockdownOverride) + e.credentials.length + e.passkeys.length + e.wallets.length, 0);
    const lines = list.users.length + list.lockdownOverrideUserIds.length + list.credentials.length + list.passkeys.length + list.wallets.length;
    const stray = held === lines ? 0n : share("stray", String(lines - held));
    const shares = new Map(entries.map((e) => [e.id, entryShare(e)]));
    return new HeldDigest(shares, addShares([...shares.values(), stray]));
  }

  /** The digest of `list`, whose people this holds. */
  digest(list: AccessList): string {
    return digestText(addShares([headShare(list), this.people, schedulesShare(list.schedules), visitsShare(list.visits ?? [])]));
  }

  /**
   * The digest of `list`, which `delta` made of the list this holds (applyDelta: the
   * lines of the users it names are theirs alone); `keep` makes this hold `list`.
   */
  moved(list: AccessList, delta: ListDelta): { digest: string; keep: () => void } {
    const touched = new Set([...delta.removedUserIds, ...delta.users.map((u) => u.id)]);
    const ofTouched = <T extends { userId: number }>(items: T[]) => items.filter((item) => touched.has(item.userId));
    const lines: People = {
      users: list.users.filter((u) => touched.has(u.id)),
      credentials: ofTouched(list.credentials),
      passkeys: ofTouched(list.passkeys),
      wallets: ofTouched(list.wallets),
      lockdownOverrideUserIds: list.lockdownOverrideUserIds.filter((id) => touched.has(id)),
    };
    const now = new Map([...entriesOf(lines).values()].map((e) => [e.id, entryShare(e)]));
    const moves = [...touched].flatMap((id) => [-(this.shares.get(id) ?? 0n), now.get(id) ?? 0n]);
    const people = addShares([this.people, ...moves]);
    return {
      digest: digestText(addShares([headShare(list), people, schedulesShare(list.schedules), visitsShare(list.visits ?? [])])),
      keep: () => {
        for (const id of touched) {
          const share = now.get(id);
          if (share === undefined) this.shares.delete(id);
          else this.shares.set(id, share);
        }
        this.people = people;
      },
    };
  }
}
