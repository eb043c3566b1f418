// 10,000 more people for the lists that must stay fast and windowed at that size
// (the users list, a room's Access), added to the server's real answer by a route:
// making that many users through the API costs an argon2id hash each. Shared by the
// end-to-end tests and the browser benchmarks (bench/list_search.mjs,
// bench/cache_writes.mjs); plain JavaScript so both can import it.
export const BULK = 10_000;

const pad = (i) => String(i).padStart(5, "0");

/** Rows of GET /api/users: bulk-user-00000@bulk.test … bulk-user-09999@bulk.test, all active. */
export const bulkUsers = Array.from({ length: BULK }, (_, i) => ({
  id: 5_000_000 + i,
  email: `bulk-user-${pad(i)}@bulk.test`,
  firstName: "Bulk",
  lastName: `Person${pad(i)}`,
  isActive: true,
  isAdmin: false,
  groups: [],
  stripeVerificationStatus: null,
  stripeVerifiedAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
}));

/** People of GET /api/rooms/{id}/access, each through `group` at any time; every other one can open now. */
export const bulkAccessPeople = (group) =>
  Array.from({ length: BULK }, (_, i) => ({
    userId: 6_000_000 + i,
    name: `Bulk Person${pad(i)}`,
    email: `bulk-access-${pad(i)}@bulk.test`,
    canOpenNow: i % 2 === 0,
    via: [{ groupId: group.id, groupName: group.name, scheduleId: null, scheduleName: null, lockdownOverride: false }],
  }));
