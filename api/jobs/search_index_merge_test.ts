// The access-log search index is merged by the background job, not by the inserts
// of access decisions (migration 021, jobs/search_index_merge.ts).
import { assert, assertEquals } from "../testing/assert.ts";
import { freshDatabase } from "../db/test_db.ts";
import { logPage } from "../logs/query.ts";
import { logQuery } from "../logs/schemas.ts";
import { parse } from "../http/validate.ts";
import { MERGE_LOCK_KEY, mergeSearchIndex } from "./search_index_merge.ts";

Deno.test({
  name: "the search index's pending list is merged by one process at a time",
  // The index needs pg_trgm and the lock a second connection: PostgreSQL only.
  ignore: !Deno.env.get("DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const db = await freshDatabase();
    const { sql } = db;
    const search = async (text: string) =>
      (await logPage(sql, { kind: "all" }, parse(logQuery, { search: text, limit: "100" }))).items
        .length;
    try {
      await t.step("inserts leave their trigrams to the merge, up to 32 MB of them", async () => {
        const [{ options }] = await sql`select reloptions as options from pg_class
          where relname = 'access_logs_search_idx'`;
        assertEquals(options, ["gin_pending_list_limit=32768"]);
        await sql`insert into access_logs (user_name, device_name, action, outcome)
          select 'Person ' || n, 'Door ' || (n % 7), 'Unlock', 'success' from generate_series(1, 3000) n`;
        assertEquals(await search("Person 2999"), 1); // found while still pending
      });

      await t.step("while another process merges, this one leaves it", async () => {
        const other = await sql.reserve();
        try {
          await other`begin`;
          await other`select pg_advisory_xact_lock(${MERGE_LOCK_KEY})`;
          assertEquals(await mergeSearchIndex(sql), null);
          await other`commit`;
        } finally {
          other.release();
        }
      });

      await t.step("a merge empties the list and the rows are found in the index", async () => {
        const pages = await mergeSearchIndex(sql);
        assert(pages! > 0, `pages merged: ${pages}`);
        assertEquals(await mergeSearchIndex(sql), 0);
        assertEquals(await search("Person 2999"), 1);
        assertEquals(await search("Door 3"), 100);
      });
    } finally {
      await db.close();
    }
  },
});

Deno.test("without the index (the embedded database has no pg_trgm) there is nothing to merge", async () => {
  const db = await freshDatabase();
  try {
    await db.sql`drop index if exists access_logs_search_idx`;
    assertEquals(await mergeSearchIndex(db.sql), null);
  } finally {
    await db.close();
  }
});
