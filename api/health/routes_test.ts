import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";

describeApp("GET /api/health", async (t, { request, sql }) => {
  await t.step("answers ok when the database answers", async () => {
    const res = await request("GET", "/api/health");
    assertEquals(res.status, 200);
    assertEquals(res.json, { status: "ok", database: "ok" });
    assertEquals(typeof res.headers.get("x-request-id"), "string");
  });
  await t.step("unknown API paths answer 404 in the error envelope", async () => {
    const res = await request("GET", "/api/nothing-here");
    assertEquals(res.status, 404);
    assertEquals(res.json, { error: "No route for GET /api/nothing-here" });
  });
  await t.step("answers 503 when the database is gone", async () => {
    await sql.end();
    const res = await request("GET", "/api/health");
    assertEquals(res.status, 503);
    assertEquals(res.json.error, "Database unavailable");
  });
});
