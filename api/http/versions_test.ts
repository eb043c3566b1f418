import { assertEquals, assertThrows } from "../testing/assert.ts";
import { Hono } from "hono";
import { assertVersion, StaleVersion } from "./versions.ts";

async function check(ifMatch: string | undefined, updatedAt: string) {
  const app = new Hono();
  let outcome = "ok";
  app.put("/", (c) => {
    try {
      assertVersion(c, { updatedAt });
    } catch (error) {
      outcome = error instanceof StaleVersion ? "stale" : "error";
    }
    return c.text(outcome);
  });
  await app.request("/", {
    method: "PUT",
    headers: ifMatch === undefined ? {} : { "if-match": ifMatch },
  });
  return outcome;
}

Deno.test("If-Match: a matching or absent version passes, another is stale", async () => {
  const v = "2026-11-21T10:00:00.123Z";
  assertEquals(await check(undefined, v), "ok");
  assertEquals(await check("*", v), "ok");
  assertEquals(await check(v, v), "ok");
  assertEquals(await check(`"${v}"`, v), "ok");
  assertEquals(await check(`W/"${v}"`, v), "ok");
  assertEquals(await check("2026-11-21T10:00:00.124Z", v), "stale");
  assertEquals(await check("garbage", v), "stale");
  assertThrows(() => {
    throw new StaleVersion({ id: 1 });
  }, (e: StaleVersion) => e.status === 412 && (e.current as { id: number }).id === 1);
});
