import { Hono } from "hono";
import { assertEquals } from "../testing/assert.ts";
import { compression } from "./compression.ts";

const app = new Hono().use(compression)
  .get("/small", (c) => c.json({ decision: "granted" }))
  .post(
    "/large",
    (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `n${i}` })) }),
  )
  .get(
    "/large",
    (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `n${i}` })) }),
  )
  .get(
    "/csv",
    (c) => c.body(new Blob(["a,b\n".repeat(1000)]).stream(), 200, { "content-type": "text/csv" }),
  );

const get = (path: string, encoding = "gzip, br") =>
  app.request(path, { headers: { "accept-encoding": encoding } });

Deno.test("compression: small JSON plain with its length, large JSON gzipped", async (t) => {
  await t.step("an answer under 1 KB is sent as is, with Content-Length", async () => {
    const res = await get("/small");
    assertEquals(res.headers.get("content-encoding"), null);
    assertEquals(res.headers.get("content-length"), "22");
    assertEquals(await res.json(), { decision: "granted" });
  });
  await t.step("a large answer is gzipped and says so (Vary)", async () => {
    const res = await get("/large");
    assertEquals(res.headers.get("content-encoding"), "gzip");
    assertEquals(res.headers.get("vary"), "Accept-Encoding");
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    assertEquals(JSON.parse(text).items.length, 200);
  });
  await t.step("a write's answer is sent as is, however large", async () => {
    const res = await app.request("/large", {
      method: "POST",
      headers: { "accept-encoding": "gzip" },
    });
    assertEquals(res.headers.get("content-encoding"), null);
    assertEquals((await res.json()).items.length, 200);
  });
  await t.step("a client that does not accept gzip gets it plain", async () => {
    const res = await get("/large", "identity");
    assertEquals(res.headers.get("content-encoding"), null);
    assertEquals((await res.json()).items[199], { i: 199, name: "n199" });
  });
  await t.step("a streamed answer is still compressed as a stream", async () => {
    const res = await get("/csv");
    assertEquals(res.headers.get("content-encoding"), "gzip");
    const text = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    assertEquals(text.length, 4000);
  });
});
