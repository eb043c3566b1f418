import { assertEquals } from "../testing/assert.ts";
import { startTestApp } from "../testing/test_app.ts";

Deno.test({
  name: "serving the built PWA",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir();
    await Deno.mkdir(`${dir}/assets`);
    await Deno.writeTextFile(`${dir}/index.html`, "<!doctype html><title>Threshold</title>");
    await Deno.writeTextFile(`${dir}/sw.js`, "self.x = 1");
    await Deno.writeTextFile(`${dir}/assets/index-AbC123.js`, "console.log(1)");
    const { request, close } = await startTestApp({ STATIC_DIR: dir });
    try {
      await t.step("hashed assets are cached for a year, immutable", async () => {
        const res = await request("GET", "/assets/index-AbC123.js");
        assertEquals(res.status, 200);
        assertEquals(res.text, "console.log(1)");
        assertEquals(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
        assertEquals(res.headers.get("content-type"), "text/javascript; charset=utf-8");
      });
      await t.step("index.html and the service worker are revalidated every time", async () => {
        for (const path of ["/", "/index.html", "/sw.js"]) {
          const res = await request("GET", path);
          assertEquals(res.status, 200, path);
          assertEquals(res.headers.get("cache-control"), "no-cache", path);
        }
      });
      await t.step("client routes fall back to index.html", async () => {
        for (const path of ["/login", "/dash/user/12/logs", "/no/such/page"]) {
          const res = await request("GET", path);
          assertEquals(res.status, 200, path);
          assertEquals(res.text, "<!doctype html><title>Threshold</title>");
        }
      });
      await t.step("missing files and path tricks are 404s, not the app", async () => {
        assertEquals((await request("GET", "/assets/missing-123.js")).status, 404);
        assertEquals((await request("GET", "/..%2F..%2Fetc%2Fpasswd.txt")).status, 404);
      });
      await t.step("non-GET outside /api is a JSON 404", async () => {
        const res = await request("POST", "/login", { body: {} });
        assertEquals(res.status, 404);
        assertEquals(typeof res.json.error, "string");
      });
    } finally {
      await close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
