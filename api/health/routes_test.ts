import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { poolOf } from "../db/guard.ts";

describeApp("GET /api/health", async (t, { request, sql }) => {
  await t.step("answers ok when the database answers", async () => {
    const res = await request("GET", "/api/health");
    assertEquals(res.status, 200);
    // The test app runs in demo mode without SMTP_URL: the demo mailbox (mail/mode.ts).
    assertEquals(res.json, { status: "ok", database: "ok", mail: "simulator" });
    assertEquals(typeof res.headers.get("x-request-id"), "string");
  });
  await t.step("unknown API paths answer 404 in the error envelope", async () => {
    const res = await request("GET", "/api/nothing-here");
    assertEquals(res.status, 404);
    assertEquals(res.json, { error: "No route for GET /api/nothing-here", code: "not_found" });
  });
  await t.step(
    "answers 503 at once while the breaker is open, and ok once a probe succeeds",
    async () => {
      const breaker = poolOf(sql)!.breaker;
      breaker.open(new Error("test"));
      const start = performance.now();
      const res = await request("GET", "/api/health");
      assert(performance.now() - start < 1_000, "within 1 s");
      assertEquals(res.status, 503);
      assertEquals(res.json, {
        error: "The database is not available",
        code: "unavailable",
        status: "degraded",
        database: "down",
        mail: "simulator",
      });
      assertEquals(res.headers.get("retry-after"), "1");
      // The database is there: the next probe (every 250 ms) closes the breaker.
      const end = performance.now() + 5_000;
      while (breaker.isOpen && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
      assertEquals((await request("GET", "/api/health")).status, 200);
    },
  );
  await t.step("answers 503 when the database is gone", async () => {
    await sql.end();
    const start = performance.now();
    const res = await request("GET", "/api/health");
    assert(performance.now() - start < 1_000, "within 1 s");
    assertEquals(res.status, 503);
    assertEquals(res.json.error, "The database is not available");
  });
});
