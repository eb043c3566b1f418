// Parts of the log query below the HTTP layer: the cursor, LIKE escaping, and a
// count that gives up instead of holding the page back.
import { assertEquals, assertThrows } from "../testing/assert.ts";
import { freshDatabase } from "../db/test_db.ts";
import { containsPattern, decodeCursor, encodeCursor, logPage } from "./query.ts";
import { logQuery } from "./schemas.ts";
import { parse } from "../http/validate.ts";

Deno.test("a cursor round-trips and rejects anything else", () => {
  const timestamp = new Date("2025-07-01T12:34:56.789Z");
  const cursor = encodeCursor({ timestamp, id: 123456789012 });
  assertEquals(decodeCursor(cursor), { timestamp, id: "123456789012" });
  for (const bad of ["", "!!!", btoa("x.1"), btoa("1.x"), btoa("1;DROP")]) {
    assertThrows(() => decodeCursor(bad), /cursor/);
  }
});

Deno.test("search text is matched literally", () => {
  assertEquals(containsPattern("50%_off\\"), "%50\\%\\_off\\\\%");
});

Deno.test({
  name: "a count over its time budget answers the page without a total",
  // Needs a second connection to hold a lock: PostgreSQL only (PGlite has one).
  ignore: !Deno.env.get("DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const db = await freshDatabase();
    try {
      const { sql } = db;
      await sql`insert into access_logs (action, outcome) select 'Unlock', 'success'
        from generate_series(1, 60)`;
      const query = parse(logQuery, { limit: "10" });
      const locker = await sql.reserve();
      try {
        // An exclusive lock stalls both queries; it is released after the count's
        // budget has run out, so the page completes and the count has given up.
        await locker`begin`;
        await locker`lock table access_logs in access exclusive mode`;
        const pending = logPage(sql, { kind: "all" }, query);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await locker`commit`;
        const page = await pending;
        assertEquals(page.items.length, 10);
        assertEquals([page.total, page.totalExact], [null, false]);
      } finally {
        locker.release();
      }
      const page = await logPage(sql, { kind: "all" }, query);
      assertEquals([page.total, page.totalExact], [60, true]);
    } finally {
      await db.close();
    }
  },
});
