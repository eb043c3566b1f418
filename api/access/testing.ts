// A small building for the access tests: one room with a reader, a group holding
// the room, a member of that group with a badge; and a device client that sends
// its key the way a door controller does (no cookie, no Origin).
import { addUser, type TestApp } from "../testing/test_app.ts";

export const CARD = { type: "HID Prox", facilityCode: "117", cardCode: "40001" } as const;

export async function building(testApp: TestApp) {
  const { sql } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await testApp.login("admin@example.com");
  const userId = await addUser(sql, {
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
  });
  const [room] = await sql<{ id: number }[]>`insert into rooms (name) values ('Lab') returning id`;
  const [group] = await sql<{ id: number }[]>`
    insert into groups (name) values ('Engineers') returning id`;
  await sql`insert into user_groups (user_id, group_id) values (${userId}, ${group.id})`;
  await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
  const [credential] = await sql<{ id: number }[]>`
    insert into user_credentials (user_id, type, facility_code, card_code)
    values (${userId}, ${CARD.type}, ${CARD.facilityCode}, ${CARD.cardCode}) returning id`;
  const made = await admin.request("POST", "/api/devices", {
    body: { name: "Lab Reader", type: "reader", roomId: room.id },
  });
  if (made.status !== 201) throw new Error(`device: ${made.status} ${made.text}`);
  const deviceId = made.json.id as number;
  const keyed = await admin.request("POST", `/api/devices/${deviceId}/api-key`);
  if (keyed.status !== 201) throw new Error(`key: ${keyed.status} ${keyed.text}`);
  const device = deviceClient(testApp, keyed.json.apiKey);
  return {
    admin,
    userId,
    roomId: room.id,
    groupId: group.id,
    credentialId: credential.id,
    deviceId,
    apiKey: keyed.json.apiKey as string,
    device,
  };
}

/**
 * Three more people in the group, each with a badge (`<tag><n>@example.com`, card
 * `<tag><id>`): a change to one person is then a delta, not about the whole list.
 */
export async function othersInGroup(testApp: TestApp, groupId: number, tag: string) {
  const { sql } = testApp;
  const others = await sql<{ id: number }[]>`insert into users (email, password_hash, first_name)
    select ${tag} || n || '@example.com', 'x', 'Other' from generate_series(1, 3) n returning id`;
  const ids = others.map((o) => o.id);
  await sql`insert into user_groups (user_id, group_id) select u, ${groupId}::int from unnest(${ids}::int[]) u`;
  await sql`insert into user_credentials (user_id, type, card_code) select u, 'EM41', ${tag} || u from unnest(${ids}::int[]) u`;
}

/** Requests as a door controller: Authorization: Bearer <key>, JSON, no cookie or Origin. */
export function deviceClient(testApp: TestApp, apiKey: string | undefined) {
  return async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
    let body = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const res = await testApp.app.request(`http://door.local${path}`, { method, headers, body });
    const text = await res.text();
    let json = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch { /* not JSON */ }
    // deno-lint-ignore no-explicit-any
    return { status: res.status, headers: res.headers, text, json: json as any };
  };
}

export const logCount = async (testApp: TestApp) =>
  (await testApp.sql`select count(*)::int as n from access_logs`)[0].n as number;

/** A seeded [0, 1) generator (mulberry32), for tests that need fixed randomness. */
export function prngForTests(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
