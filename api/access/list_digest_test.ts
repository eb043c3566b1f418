// The digest of an access list (list_digest.ts): the same whatever the order of the
// list's arrays, different for any list that is not exactly the server's.
import { assertEquals, assertNotEquals } from "../testing/assert.ts";
import type { AccessList } from "./access_list.ts";
import { canonicalJson, HeldDigest, headText, listDigest } from "./list_digest.ts";
import { applyDelta, type ListDelta } from "./list_delta.ts";

const noDays = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

const list: AccessList = {
  device: { id: 1, deviceId: "LAB-1", name: "Lab Reader", isActive: true },
  room: { id: 2, name: "Lab", isActive: true, unlockScheduleId: 5, firstPersonIn: false },
  denyAll: null,
  users: [{ id: 7, name: "Ada Lovelace", scheduleIds: null }, { id: 9, name: "Bo Ng", scheduleIds: [5] }],
  schedules: [{ id: 5, name: "Days", timeZone: "UTC", weekly: { ...noDays, monday: [{ start: "09:00", end: "17:00" }] }, holidays: [] }],
  credentials: [
    { type: "EM41", facilityCode: null, cardCode: "B0", userId: 9 },
    { type: "HID Prox", facilityCode: "117", cardCode: "40001", userId: 7 },
  ],
  passkeys: [{ credentialId: "pk-1", userId: 7 }],
  wallets: [{ credentialId: "w-1", userId: 9 }],
  lockdown: false,
  lockdownOverrideUserIds: [9],
  visits: [{
    visitId: 3,
    guestName: "Cy",
    hostName: "Ada Lovelace",
    hostUserId: 7,
    roomIds: [2],
    pinHash: "ab",
    passHash: "cd",
    activeFrom: "2026-11-27T08:00:00.000Z",
    endsAt: "2026-11-27T18:00:00.000Z",
  }],
};

const copy = () => structuredClone(list);

Deno.test("the digest is 32 hex digits, the same for the list in any order", () => {
  const digest = listDigest(list);
  assertEquals(digest.length, 32);
  const shuffled = copy();
  shuffled.users.reverse();
  shuffled.credentials.reverse();
  // Keys in another order (a controller that rebuilt its objects).
  shuffled.schedules = [{ holidays: [], weekly: { ...noDays, monday: [{ end: "17:00", start: "09:00" }] }, timeZone: "UTC", name: "Days", id: 5 }];
  assertEquals(listDigest(shuffled), digest);
});

Deno.test("the head's text is its canonical JSON, with a room or none, whatever its keys' order", () => {
  const head = { device: list.device, room: list.room, denyAll: list.denyAll, lockdown: list.lockdown };
  assertEquals(headText(head), canonicalJson(head));
  const unassigned = { device: { isActive: false, name: "Spare", deviceId: "S-1", id: 4 }, room: null, denyAll: "device_inactive" as const, lockdown: true };
  assertEquals(headText(unassigned), canonicalJson(unassigned));
});

Deno.test("the digest catches a corrupted list", () => {
  const digest = listDigest(list);
  const corruptions: [string, (l: AccessList) => void][] = [
    ["a badge lost", (l) => l.credentials.pop()],
    ["a badge's code changed", (l) => (l.credentials[0].cardCode = "B1")],
    ["a badge given to another user", (l) => (l.credentials[0].userId = 7)],
    ["a badge of a user not listed", (l) => l.credentials.push({ type: "EM41", facilityCode: null, cardCode: "X", userId: 99 })],
    ["a user renamed", (l) => (l.users[0].name = "Ada King")],
    ["a user's schedules", (l) => (l.users[0].scheduleIds = [5])],
    ["a user listed twice", (l) => l.users.push(l.users[0])],
    ["a user lost", (l) => l.users.shift()],
    ["an override lost", (l) => l.lockdownOverrideUserIds.pop()],
    ["an override twice", (l) => l.lockdownOverrideUserIds.push(9)],
    ["a passkey moved", (l) => (l.passkeys[0].userId = 9)],
    ["a wallet pass lost", (l) => l.wallets.pop()],
    ["a schedule's window", (l) => (l.schedules[0].weekly.monday[0].end = "18:00")],
    ["a schedule lost", (l) => l.schedules.pop()],
    ["a visit's end", (l) => (l.visits[0].endsAt = "2026-11-28T18:00:00.000Z")],
    ["a visit lost", (l) => l.visits.pop()],
    ["the lockdown", (l) => (l.lockdown = true)],
    ["the room's unlock schedule", (l) => (l.room!.unlockScheduleId = null)],
    ["the device's name", (l) => (l.device.name = "Lab")],
    ["deny all", (l) => (l.denyAll = "device_inactive")],
  ];
  for (const [what, corrupt] of corruptions) {
    const corrupted = copy();
    corrupt(corrupted);
    assertNotEquals(listDigest(corrupted), digest, what);
  }
});

Deno.test("a delta applied makes a new list and leaves the one it was given as it was", () => {
  const before = copy();
  const after = applyDelta(before, {
    delta: true,
    since: "1.0.2",
    version: "2.0.2",
    digest: "",
    etag: "",
    device: list.device,
    room: list.room,
    denyAll: null,
    lockdown: true,
    users: [{ id: 8, name: "Cy", scheduleIds: null, lockdownOverride: true, credentials: [{ type: "EM41", facilityCode: null, cardCode: "A0" }], passkeys: [], wallets: ["w-0"] }],
    removedUserIds: [9],
  });
  assertEquals(before, list);
  assertEquals(after.users.map((u) => u.id), [7, 8]);
  assertEquals(after.credentials, [
    { type: "EM41", facilityCode: null, cardCode: "A0", userId: 8 },
    { type: "HID Prox", facilityCode: "117", cardCode: "40001", userId: 7 },
  ]);
  assertEquals([after.wallets, after.lockdownOverrideUserIds, after.lockdown], [[{ credentialId: "w-0", userId: 8 }], [8], true]);
  assertEquals([after.schedules, after.visits], [list.schedules, list.visits], "not in the delta: as they were");
});

Deno.test("a held digest moved by deltas is the digest of the lists they make, and still catches a corrupted list", () => {
  const delta = (users: ListDelta["users"], removedUserIds: number[], lockdown = false): ListDelta => ({
    delta: true,
    since: "",
    version: "",
    digest: "",
    etag: "",
    device: list.device,
    room: list.room,
    denyAll: null,
    lockdown,
    users,
    removedUserIds,
  });
  const steps = [
    delta([{ id: 8, name: "Cy", scheduleIds: null, lockdownOverride: true, credentials: [{ type: "EM41", facilityCode: null, cardCode: "A0" }], passkeys: [], wallets: ["w-0"] }], [9]),
    delta([{ id: 7, name: "Ada King", scheduleIds: [5], lockdownOverride: false, credentials: [], passkeys: ["pk-1", "pk-2"], wallets: [] }], [42], true),
    delta([], [7, 8]),
    delta([{ id: 9, name: "Bo Ng", scheduleIds: [5], lockdownOverride: true, credentials: [{ type: "EM41", facilityCode: null, cardCode: "B0" }], passkeys: [], wallets: ["w-1"] }], []),
  ];
  let held = copy();
  const digest = HeldDigest.of(held);
  for (const [i, step] of steps.entries()) {
    const next = applyDelta(held, step);
    const moved = digest.moved(next, step);
    assertEquals(moved.digest, listDigest(next), `step ${i}`);
    moved.keep();
    held = next;
  }
  assertEquals(digest.digest(held), listDigest(held));
  assertEquals(held.users.map((u) => u.id), [9]);

  // A list corrupted where no delta touches it: every later delta's check fails.
  const corrupted = copy();
  corrupted.credentials[1].cardCode = "40002"; // Ada's, while the delta is about Bo
  const fromCorrupted = HeldDigest.of(corrupted);
  const step = delta([{ id: 9, name: "Bo Ngo", scheduleIds: [5], lockdownOverride: true, credentials: [], passkeys: [], wallets: [] }], []);
  assertNotEquals(fromCorrupted.moved(applyDelta(corrupted, step), step).digest, listDigest(applyDelta(list, step)));
});

