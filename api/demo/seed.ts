// Demo data for a first start: a small company with people, groups, rooms, doors,
// cameras and a month of door activity, so every screen has something to show.
// Deterministic: a seeded PRNG and a given `now`, so two seeds of an empty
// database with the same `now` (and time zone) are identical.
import type { TransactionSql } from "postgres";
import type { Sql } from "../db/connect.ts";
import { hashPassword } from "../auth/password.ts";

export const DEMO_ADMIN = {
  email: "admin@threshold.test",
  password: "threshold-demo",
  firstName: "Avery",
  lastName: "Adams",
} as const;
export const DEMO_MEMBER = {
  email: "member@threshold.test",
  password: "threshold-demo",
  firstName: "Morgan",
  lastName: "Miller",
} as const;
/** The one density device's space; the Density simulator serves this id. */
export const DEMO_DENSITY_SPACE_ID = "spc_main_lobby";

type Tx = TransactionSql<Record<string, never>>;

const SEED_LOCK_KEY = 7_460_312; // next to the migration lock: "threshold demo seed"
const DAY_MS = 86_400_000;

// --- the company -------------------------------------------------------------

const GROUPS = [
  ["Admin", "Administrators: manage the dashboard and open every room", true],
  ["Staff", "All employees: lobby, meeting rooms, mail room and gym", true],
  ["Engineering", "Engineers: lab and server room access", true],
  ["Facilities", "Building operations, maintenance and deliveries", true],
  ["Contractors", "External contractors with limited access to lobby and dock", true],
  ["Visitors", "Escorted day visitors; paused while the front desk is unstaffed", false],
] as const;
type GroupName = (typeof GROUPS)[number][0];

// [first, last, groups, active]; the first two are the demo accounts.
const USERS: [string, string, GroupName[], boolean][] = [
  [DEMO_ADMIN.firstName, DEMO_ADMIN.lastName, ["Admin", "Staff"], true],
  [DEMO_MEMBER.firstName, DEMO_MEMBER.lastName, ["Staff", "Engineering"], true],
  ["Priya", "Raman", ["Admin", "Staff", "Facilities"], true],
  ["Daniel", "Okafor", ["Staff", "Engineering"], true],
  ["Sofia", "Martinez", ["Staff", "Engineering"], true],
  ["Liam", "O'Brien", ["Staff", "Facilities"], true],
  ["Hannah", "Kim", ["Staff"], true],
  ["Marcus", "Johnson", ["Staff", "Facilities"], true],
  ["Emma", "Schmidt", ["Staff", "Engineering"], true],
  ["Noah", "Williams", ["Staff"], true],
  ["Aisha", "Bello", ["Staff", "Engineering"], true],
  ["Lucas", "Rossi", ["Contractors"], true],
  ["Mei", "Chen", ["Staff", "Engineering"], true],
  ["Oliver", "Brown", ["Contractors"], true],
  ["Isabella", "Costa", ["Staff"], true],
  ["Ethan", "Davis", ["Staff", "Engineering"], false],
  ["Zara", "Ahmed", ["Staff"], true],
  ["James", "Wilson", ["Contractors", "Facilities"], true],
  ["Chloe", "Dubois", ["Visitors"], true],
  ["Mateo", "Garcia", ["Staff", "Facilities"], true],
  ["Grace", "Taylor", ["Staff"], true],
  ["Yuki", "Tanaka", ["Staff", "Engineering"], true],
  ["Ben", "Carter", ["Visitors"], false],
  ["Olivia", "Nguyen", ["Staff"], true],
  ["Samuel", "Lee", ["Contractors"], true],
];
const WITHOUT_BADGE = new Set(["Chloe Dubois", "Grace Taylor", "Samuel Lee"]);

// [name, description, capacity, active, groups other than Admin (Admin holds all)]
const ROOMS: [string, string, number, boolean, GroupName[]][] = [
  ["Main Lobby", "Front entrance and reception desk", 40, true, [
    "Staff",
    "Engineering",
    "Facilities",
    "Contractors",
    "Visitors",
  ]],
  ["Server Room", "Core network and compute racks; restricted", 4, true, [
    "Engineering",
    "Facilities",
  ]],
  ["Conference Room A", "Large meeting room with video conferencing, seats 12", 12, true, [
    "Staff",
    "Engineering",
  ]],
  ["Conference Room B", "Small meeting room, seats 6", 6, true, ["Staff", "Visitors"]],
  ["Engineering Lab", "Hardware benches and prototyping", 15, true, ["Engineering"]],
  ["Loading Dock", "Deliveries and the freight elevator", 10, true, ["Facilities", "Contractors"]],
  ["Executive Suite", "Leadership offices and the boardroom", 8, true, []],
  ["Mail Room", "Package pickup and outgoing mail", 4, true, ["Staff", "Facilities"]],
  ["Fitness Center", "Gym and showers, open 6 am to 10 pm", 25, true, ["Staff"]],
  ["Storage Annex", "Archive storage, closed for renovation", 15, false, ["Facilities"]],
];

type DeviceType = "sensor" | "lock" | "camera" | "reader" | "density" | "lastlock";
// [name, type, room (null: unassigned), traffic weight for logs]
// Order matters on a fresh database: the Last Lock test page's fixed device 16 is
// a Last Lock device, and its fixed user 2 is the demo member.
const DEVICES: [string, DeviceType, string | null, number][] = [
  ["Lobby Entrance Reader", "reader", "Main Lobby", 5],
  ["Lobby Turnstile", "lock", "Main Lobby", 4],
  ["Lobby Occupancy Sensor", "density", "Main Lobby", 0],
  ["Lobby Camera", "camera", "Main Lobby", 0],
  ["Server Room Reader", "reader", "Server Room", 0.6],
  ["Server Room Camera", "camera", "Server Room", 0],
  ["Server Room Environment Sensor", "sensor", "Server Room", 0],
  ["Conference A Door Lock", "lock", "Conference Room A", 1.5],
  ["Conference A Presence Sensor", "sensor", "Conference Room A", 0],
  ["Conference B Door Lock", "lock", "Conference Room B", 1],
  ["Engineering Lab Reader", "reader", "Engineering Lab", 1.2],
  ["Loading Dock Reader", "reader", "Loading Dock", 0.8],
  ["Loading Dock Camera", "camera", "Loading Dock", 0],
  ["Executive Suite Smart Lock", "lastlock", "Executive Suite", 0.5],
  ["Mail Room Lock", "lock", "Mail Room", 0.8],
  ["Fitness Center Smart Lock", "lastlock", "Fitness Center", 1],
  ["Storage Annex Reader", "reader", "Storage Annex", 0], // the inactive one
  ["Spare Badge Reader", "reader", null, 0],
  ["Parking Garage Camera", "camera", null, 0], // discovered, awaiting a room
  ["Side Entrance Smart Lock", "lastlock", null, 0],
];
// Last Lock credentials on each lock (the first n of the three made below).
const LOCK_ASSIGNMENTS: [string, number][] = [
  ["Executive Suite Smart Lock", 3],
  ["Fitness Center Smart Lock", 2],
];
const ACCESS_TYPES = new Set<DeviceType>(["reader", "lock", "lastlock"]);
const ACTIONS: Record<string, string[]> = {
  reader: ["Badge Scan"],
  lock: ["Unlock"],
  lastlock: ["Unlock", "Door Open"],
};
const CARD_TYPES = ["HID Prox", "HID Prox", "HID Prox", "Mifare", "Mifare", "PKOC BLE", "EM41"];
// Arrivals, lunch and leaving make the busy hours of a weekday.
const WEEKDAY_HOURS = [8, 8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 15, 16, 17, 17, 18];
const QUIET_HOURS = [6, 7, 19, 20, 21];

// --- helpers -----------------------------------------------------------------

/** mulberry32: tiny, fast, good enough for believable demo data. */
function prng(seed: number) {
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => "0123456789ABCDEF"[int(0, 15)]).join("");
  return { next, int, pick, hex };
}
type Random = ReturnType<typeof prng>;

function weighted<T extends { weight: number }>(random: Random, items: T[]): T {
  let left = random.next() * items.reduce((sum, item) => sum + item.weight, 0);
  for (const item of items) if ((left -= item.weight) < 0) return item;
  return items[items.length - 1];
}

// Rows come back in no promised order: map them back by a natural key.
function idsBy(rows: readonly Record<string, unknown>[], key: string): Map<string, number> {
  return new Map(rows.map((row) => [String(row[key]), Number(row.id)]));
}

const emailOf = (first: string, last: string, index: number) =>
  index === 0
    ? DEMO_ADMIN.email
    : index === 1
    ? DEMO_MEMBER.email
    : `${first}.${last}@threshold.test`.toLowerCase().replace(/[^a-z.@]/g, "");

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

function cardCode(random: Random, type: string): { facilityCode: string | null; cardCode: string } {
  switch (type) {
    case "HID Prox":
      return { facilityCode: "117", cardCode: String(random.int(10_000, 65_535)) };
    case "EM41":
      return { facilityCode: null, cardCode: random.hex(10) };
    case "PKOC BLE":
      return { facilityCode: null, cardCode: random.hex(16) };
    default:
      return { facilityCode: null, cardCode: random.hex(8) }; // Mifare 4-byte UID
  }
}

// --- the seed ----------------------------------------------------------------

/** Seeds an empty database (no users yet) in one transaction; false if it had data. */
export async function seedDemo(sql: Sql, now = new Date()): Promise<boolean> {
  const hasUsers = async (db: Sql | Tx) =>
    (await db`select exists (select 1 from users) as x`)[0].x as boolean;
  if (await hasUsers(sql)) return false; // the usual restart: skip the slow hash too
  // Hashing is slow on purpose: once, outside the transaction, shared by every demo user.
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  return await sql.begin(async (tx) => {
    // Two processes starting together on one server: the second waits, then sees users.
    await tx`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
    if (await hasUsers(tx)) return false;
    await insertAll(tx, passwordHash, now);
    return true;
  });
}

async function insertAll(sql: Tx, passwordHash: string, now: Date) {
  const random = prng(20_250_701);

  const userRows = USERS.map(([firstName, lastName, , isActive], i) => ({
    email: emailOf(firstName, lastName, i),
    passwordHash,
    firstName,
    lastName,
    isActive,
  }));
  const userIds = idsBy(await sql`insert into users ${sql(userRows)} returning id, email`, "email");
  const groupRows = GROUPS.map(([name, description, isActive]) => ({
    name,
    description,
    isActive,
  }));
  const groupIds = idsBy(
    await sql`insert into groups ${sql(groupRows)} returning id, name`,
    "name",
  );
  const roomRows = ROOMS.map(([name, description, capacity, isActive]) => ({
    name,
    description,
    capacity,
    isActive,
  }));
  const roomIds = idsBy(await sql`insert into rooms ${sql(roomRows)} returning id, name`, "name");

  const memberships = USERS.flatMap(([first, last, groups], i) =>
    groups.map((group) => ({
      userId: userIds.get(emailOf(first, last, i))!,
      groupId: groupIds.get(group)!,
    }))
  );
  await sql`insert into user_groups ${sql(memberships)}`;
  const grants = ROOMS.flatMap(([room, , , , groups]) =>
    (["Admin", ...groups] as GroupName[]).map((group) => ({
      groupId: groupIds.get(group)!,
      roomId: roomIds.get(room)!,
    }))
  );
  await sql`insert into group_rooms ${sql(grants)}`;
  await seedSchedules(sql, groupIds, roomIds);

  // People as the log generator sees them: who they are and what they carry.
  const people = USERS.map(([first, last, groups, active], i) => {
    const name = `${first} ${last}`;
    const cards = WITHOUT_BADGE.has(name) ? [] : [CARD_TYPES[i % CARD_TYPES.length]];
    if (i % 7 === 3) cards.push(random.pick(CARD_TYPES)); // a few carry a second badge
    return {
      id: userIds.get(emailOf(first, last, i))!,
      name,
      active,
      // Visitors is inactive, so its members open nothing.
      groups: groups.filter((g) => GROUPS.find(([n]) => n === g)![2]),
      cards,
      weight: 0.3 + random.next() * 1.4, // some people come in far more than others
    };
  });
  const used = new Set<string>();
  const credentialRows = people.flatMap((person) =>
    person.cards.map((type, n) => {
      let code = cardCode(random, type);
      while (used.has(type + code.cardCode)) code = cardCode(random, type);
      used.add(type + code.cardCode);
      // Everyone's second badge is an old one, switched off.
      return { userId: person.id, type, ...code, isActive: n === 0 };
    })
  );
  await sql`insert into user_credentials ${sql(credentialRows)}`;

  const logs = accessLogs(random, people, now);
  const deviceIds = idsBy(
    await sql`insert into devices ${
      sql(deviceRows(random, roomIds, now))
    } returning id, name`,
    "name",
  );
  await lastLockCredentials(sql, deviceIds, userIds, now);
  await sql`insert into sensor_data ${sql(sensorRows(random, deviceIds, now))}`;

  const logRows = logs.map(({ device, ...log }) => ({
    ...log,
    deviceId: deviceIds.get(device)!,
    roomId: roomIds.get(log.roomName)!,
  }));
  for (let i = 0; i < logRows.length; i += 1_000) {
    await sql`insert into access_logs ${sql(logRows.slice(i, i + 1_000))}`;
  }
}

type Person = {
  id: number;
  name: string;
  active: boolean;
  groups: GroupName[];
  cards: string[];
  weight: number;
};

/** 30 days of door activity, oldest first, only on active access devices in rooms. */
function accessLogs(random: Random, people: Person[], now: Date) {
  const doors = DEVICES.filter(([, type, room, traffic]) =>
    room && ACCESS_TYPES.has(type) && traffic > 0
  ).map(([name, type, room, weight]) => {
    const groups = ["Admin", ...ROOMS.find(([r]) => r === room)![4]];
    const carded = people.filter((p) => p.cards.length > 0);
    const allowed = carded.filter((p) => p.active && p.groups.some((g) => groups.includes(g)));
    return {
      name,
      type,
      room: room!,
      weight,
      allowed,
      strangers: carded.filter((p) => p.active && !allowed.includes(p)),
      former: carded.filter((p) => !p.active),
    };
  });
  const logs = [];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const day = new Date(now);
    day.setDate(day.getDate() - daysAgo); // local days: the busy hours are local hours
    const weekday = day.getDay() > 0 && day.getDay() < 6;
    const events = weekday ? random.int(150, 210) : random.int(15, 35);
    for (let e = 0; e < events; e++) {
      const hour = weekday
        ? random.next() < 0.9 ? random.pick(WEEKDAY_HOURS) : random.pick(QUIET_HOURS)
        : random.int(9, 17);
      const at = new Date(day);
      at.setHours(hour, random.int(0, 59), random.int(0, 59), random.int(0, 999));
      if (at > now) continue;
      const door = weighted(random, doors);
      const roll = random.next();
      let person = weighted(random, door.allowed);
      let card = 0;
      let reason: string | null = null;
      if (roll > 0.985 && door.former.length) {
        person = random.pick(door.former);
        reason = "User is deactivated";
      } else if (roll > 0.95 && person.cards.length > 1) {
        card = 1;
        reason = "Credential is deactivated";
      } else if (roll > 0.87 && door.strangers.length) {
        person = weighted(random, door.strangers);
        reason = "No access to this room";
      }
      logs.push({
        timestamp: at,
        userId: person.id,
        userName: person.name,
        device: door.name,
        deviceName: door.name,
        roomName: door.room,
        credentialType: person.cards[card],
        action: random.pick(ACTIONS[door.type]),
        outcome: reason ? "denied" : "success",
        reason,
      });
    }
  }
  return logs.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
}

function deviceRows(
  random: Random,
  roomIds: Map<string, number>,
  now: Date,
) {
  const cameraModels = ["G5 Pro", "G4 Dome", "G5 Bullet", "G4 Instant"];
  let lastLocks = 0;
  return DEVICES.map(([name, type, room], i) => {
    const unifi = type === "camera" || (type === "sensor" && name.startsWith("Server"));
    const lastLock = type === "lastlock";
    const host = 20 + i;
    return {
      name,
      deviceId: `DEV${String(418_300 + i * 1_733).padStart(6, "0")}`,
      type,
      manufacturer: type === "density"
        ? "Density Inc"
        : unifi
        ? "Ubiquiti"
        : lastLock
        ? "Last Lock"
        : "Generic",
      roomId: room ? roomIds.get(room)! : null,
      isActive: name !== "Storage Annex Reader",
      isPending: unifi && !room, // a discovered UniFi device waits for a room
      densitySpaceId: type === "density" ? DEMO_DENSITY_SPACE_ID : null,
      densityApiToken: type === "density" ? "density-demo-token" : null,
      densityAuthType: "bearer",
      lastLockDeviceId: lastLock ? 70_101 + lastLocks++ : null,
      lastLockDescription: lastLock
        ? `Last Lock Pro deadbolt: ${name.replace(" Smart Lock", "")}`
        : null,
      lastLockTimeCreated: lastLock ? ago(now, (60 + i) * DAY_MS) : null,
      credentialCount: LOCK_ASSIGNMENTS.find(([lock]) => lock === name)?.[1] ?? 0,
      lastSync: lastLock ? ago(now, 5 * 60_000) : null,
      unifiDeviceId: unifi ? random.hex(24).toLowerCase() : null,
      unifiModel: unifi ? (type === "camera" ? random.pick(cameraModels) : "UP-Sense") : null,
      unifiIp: unifi ? `10.20.0.${host}` : null,
      unifiMac: unifi ? `F4:E2:C6:${random.hex(2)}:${random.hex(2)}:${random.hex(2)}` : null,
      unifiIsOnline: unifi ? true : null,
      lastSeen: unifi ? ago(now, random.int(5, 90) * 1_000) : null,
      firmware: unifi ? (type === "camera" ? "4.73.62" : "1.9.9") : null,
      cameraSpecs: type === "camera"
        ? { resolution: "2688x1512", fps: 30, nightVision: true, hdr: true }
        : null,
      sensorSpecs: unifi && type === "sensor"
        ? { motion: true, temperature: true, humidity: true, light: true }
        : null,
    };
  });
}

/** Last Lock credentials for the test page, assigned to the two locks in rooms. */
async function lastLockCredentials(
  sql: Tx,
  deviceIds: Map<string, number>,
  userIds: Map<string, number>,
  now: Date,
) {
  const schedule = JSON.stringify({ range_schedule: { start: "09:00", end: "17:00" } });
  const owners = [
    [DEMO_ADMIN.email, "HID_PROX_CORP_1000", "MTE3OjQ4MjEw"],
    [DEMO_MEMBER.email, "APPLE_WALLET", "d2FsbGV0LW1vcmdhbi1taWxsZXI="],
    ["priya.raman@threshold.test", "MIFARE_CLASSIC", "MDRBMUIyQzM="],
  ];
  const rows = await sql`insert into lastlock_credentials ${
    sql(owners.map(([email, credentialType, credentialData]) => ({
      userId: userIds.get(email)!,
      credentialType,
      credentialData,
      scheduleData: schedule,
    })))
  } returning id`;
  const assignments = LOCK_ASSIGNMENTS.flatMap(([lock, count], n) =>
    rows.slice(0, count).map((row) => ({
      deviceId: deviceIds.get(lock)!,
      credentialId: row.id,
      assignedAt: ago(now, (20 - n) * DAY_MS),
    }))
  );
  await sql`insert into device_credentials ${sql(assignments)}`;
}

/**
 * A week of hourly readings from the two plain sensors, and the lobby's occupancy
 * every 10 minutes (people in the room: busy at arrival, lunch and leaving on
 * weekdays), which the room sensor page reads.
 */
function sensorRows(random: Random, deviceIds: Map<string, number>, now: Date) {
  const rows = [];
  const hourStart = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  for (let h = 7 * 24 - 1; h >= 0; h--) {
    const timestamp = new Date(hourStart - h * 3_600_000);
    const busy = timestamp.getHours() >= 8 && timestamp.getHours() < 19;
    rows.push({
      deviceId: deviceIds.get("Conference A Presence Sensor")!,
      timestamp,
      count: busy ? random.int(0, 12) : 0,
      eventType: "occupancy",
      analytics: null,
    }, {
      deviceId: deviceIds.get("Server Room Environment Sensor")!,
      timestamp,
      count: null,
      eventType: "environment",
      analytics: {
        temperatureC: Math.round((19 + random.next() * 3) * 10) / 10,
        humidity: random.int(35, 45),
        motion: busy && random.next() < 0.2,
      },
    });
  }
  const slot = 600_000;
  const lobby = deviceIds.get("Lobby Occupancy Sensor")!;
  for (
    let at = Math.floor(now.getTime() / slot) * slot - 7 * DAY_MS;
    at <= now.getTime();
    at += slot
  ) {
    const timestamp = new Date(at);
    const hour = timestamp.getHours() + timestamp.getMinutes() / 60;
    const weekday = timestamp.getDay() > 0 && timestamp.getDay() < 6;
    const peak = (center: number, width: number, height: number) =>
      height * Math.exp(-(((hour - center) / width) ** 2));
    const level = hour < 7 || hour > 20 ? 0 : (weekday ? 1 : 0.25) *
      (6 + peak(8.75, 0.6, 18) + peak(12.5, 0.8, 14) + peak(17.25, 0.6, 12));
    rows.push({
      deviceId: lobby,
      timestamp,
      count: Math.max(0, Math.round(level * (0.8 + random.next() * 0.4))),
      eventType: "occupancy",
      analytics: null,
    });
  }
  return rows;
}

/**
 * Time-based access (spec 3 §1): company holidays; contractors and visitors only in
 * working hours; the lobby door unlocked on weekdays once the first person is in.
 */
async function seedSchedules(sql: Tx, groupIds: Map<string, number>, roomIds: Map<string, number>) {
  const [calendar] = await sql`insert into holiday_calendars (name, holidays) values ('Company holidays', ${
    sql.json([
      { name: "New Year's Day", date: "2026-01-01", endDate: null, repeatsYearly: true, windows: [] },
      { name: "Independence Day", date: "2026-07-04", endDate: null, repeatsYearly: true, windows: [] },
      { name: "Winter break", date: "2026-12-24", endDate: "2026-12-26", repeatsYearly: true, windows: [] },
    ])
  }) returning id`;
  const weekdays = (start: string, end: string) =>
    Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .map((day, i) => [day, i < 5 ? [{ start, end }] : []]),
    );
  const schedule = async (name: string, description: string, weekly: ReturnType<typeof weekdays>) =>
    (await sql`insert into schedules (name, description, time_zone, weekly, holiday_calendar_id)
      values (${name}, ${description}, 'America/New_York', ${sql.json(weekly)}, ${calendar.id})
      returning id`)[0].id as number;
  const business = await schedule("Business hours", "Weekdays 07:00 to 19:00", weekdays("07:00", "19:00"));
  const contractors = await schedule("Contractor hours", "Weekdays 08:00 to 17:00", weekdays("08:00", "17:00"));
  const lobby = await schedule("Lobby open", "Front door unlocked on weekdays", weekdays("08:00", "18:00"));
  for (const [group, scheduleId] of [["Contractors", contractors], ["Visitors", business]] as const) {
    await sql`update group_rooms set schedule_id = ${scheduleId} where group_id = ${groupIds.get(group)!}`;
  }
  await sql`update rooms set unlock_schedule_id = ${lobby}, first_person_in = true
    where id = ${roomIds.get("Main Lobby")!}`;
}
