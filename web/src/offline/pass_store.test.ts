// A guest's pass kept on the device: found again with its link's token alone,
// never holding the token or the PIN in the clear, gone once its visit ends.
import { beforeEach, expect, it } from "vitest";
import { forgetPass, keepPass, keptPass } from "./pass_store";

const items = new Map<string, string>();
const storage = {
  get length() {
    return items.size;
  },
  key: (i: number) => [...items.keys()][i] ?? null,
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, v),
  removeItem: (k: string) => void items.delete(k),
  clear: () => items.clear(),
};
Object.assign(globalThis, { localStorage: storage });

const TOKEN = "q2Zx8mL0Pp-_vT3kY7bN1cD5eF9gH4jK6lM0nB2vC8x";
const PASS = {
  guestName: "Grace Guest",
  hostName: "Harper Host",
  rooms: [{ id: 3, name: "Lobby" }],
  startsAt: "2026-11-27T13:00:00.000Z",
  endsAt: "2026-11-27T15:00:00.000Z",
  pin: "482913",
  status: "upcoming" as const,
};
const NOW = new Date("2026-11-27T09:00:00Z");

beforeEach(() => items.clear());

it("keeps the pass under a hash of the token, encrypted with it", async () => {
  await keepPass(TOKEN, PASS, NOW);
  expect(items.size).toBe(1);
  const [[name, value]] = [...items];
  for (const secret of [TOKEN, PASS.pin, PASS.guestName]) {
    expect(name).not.toContain(secret);
    expect(value).not.toContain(secret);
  }
  expect(await keptPass(TOKEN, NOW)).toEqual({ ...PASS, savedAt: NOW.toISOString() });
  expect(await keptPass(`${TOKEN.slice(0, -1)}y`, NOW)).toBeNull();
});

it("forgets a pass when told, and every pass whose visit has ended", async () => {
  await keepPass(TOKEN, PASS, NOW);
  await forgetPass(TOKEN);
  expect(items.size).toBe(0);
  await keepPass(TOKEN, PASS, NOW);
  expect(await keptPass(TOKEN, new Date("2026-11-27T15:00:00Z"))).toBeNull();
  expect(items.size).toBe(0);
});
