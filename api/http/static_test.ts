import { brotliCompressSync } from "node:zlib";
import { assertEquals } from "../testing/assert.ts";
import { addUser, startTestApp } from "../testing/test_app.ts";

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
    // What the build adds (web/build/): brotli copies, the public pages rendered
    // signed out, and the server build that renders /app (its exports' shape).
    const big = "console.log('a script worth compressing');\n".repeat(50);
    await Deno.writeTextFile(`${dir}/assets/big-AbC123.js`, big);
    await Deno.writeFile(`${dir}/assets/big-AbC123.js.br`, brotliCompressSync(big));
    await Deno.mkdir(`${dir}/prerendered`);
    await Deno.writeTextFile(
      `${dir}/prerendered/login.html`,
      "<!doctype html><title>Threshold - Login</title><form></form>",
    );
    await Deno.mkdir(`${dir}/server`);
    await Deno.writeTextFile(
      `${dir}/server/page.html`,
      '<title>Threshold</title><div id="root"></div>',
    );
    await Deno.writeTextFile(
      `${dir}/server/prerender.js`,
      `export const SIGNED_IN_PAGES = { "/app": (user) => ["/api/me/doors", "/api/users", "/api/auth/passkey/check/" + encodeURIComponent(user.email)] };
       export async function render(path, { user }) { return { html: "<h1>Welcome " + user.firstName + "</h1>", title: "Threshold - Home", robots: "noindex, nofollow" }; }
       export function page(template, rendered, renderedWith) { return template.replace("<title>Threshold</title>", "<title>" + rendered.title + "</title>").replace('<div id="root"></div>', '<script type="application/json" id="session">' + JSON.stringify(renderedWith) + '</script><div id="root">' + rendered.html + "</div>"); }`,
    );
    const { request, login, sql, close } = await startTestApp({ STATIC_DIR: dir });
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
        for (const path of ["/signup", "/dash/user/12/logs", "/no/such/page"]) {
          const res = await request("GET", path);
          assertEquals(res.status, 200, path);
          assertEquals(res.text, "<!doctype html><title>Threshold</title>");
          assertEquals(res.headers.get("x-robots-tag"), null, path);
        }
      });
      await t.step("a page whose address is a credential is not indexed, nor sent on as a Referer", async () => {
        for (const path of [`/invite/${"a".repeat(43)}`, `/reset-password/${"b".repeat(43)}`, `/visit/${"c".repeat(43)}`]) {
          const res = await request("GET", path);
          assertEquals(res.status, 200, path);
          assertEquals([res.headers.get("x-robots-tag"), res.headers.get("referrer-policy")], ["noindex, nofollow", "no-referrer"], path);
        }
      });
      await t.step(
        "a brotli copy goes to browsers that accept br, the file itself to others",
        async () => {
          const br = await request("GET", "/assets/big-AbC123.js", {
            headers: { "accept-encoding": "gzip, deflate, br" },
          });
          assertEquals(br.headers.get("content-encoding"), "br");
          assertEquals(br.headers.get("vary")?.includes("Accept-Encoding"), true);
          assertEquals(br.headers.get("cache-control"), "public, max-age=31536000, immutable");
          const refused = await request("GET", "/assets/big-AbC123.js", {
            headers: { "accept-encoding": "gzip, br;q=0" },
          });
          assertEquals(refused.headers.get("content-encoding"), "gzip");
          const plain = await request("GET", "/assets/big-AbC123.js", {
            headers: { "accept-encoding": "identity" },
          });
          assertEquals(plain.headers.get("content-encoding"), null);
          assertEquals(plain.text, big);
        },
      );
      await t.step(
        "a prerendered public page goes to a browser without a session cookie only",
        async () => {
          const anonymous = await request("GET", "/login");
          assertEquals(
            anonymous.text,
            "<!doctype html><title>Threshold - Login</title><form></form>",
          );
          assertEquals(anonymous.headers.get("vary")?.includes("Cookie"), true);
          assertEquals(anonymous.headers.get("cache-control"), "no-cache");
          // Any session cookie, even one the server no longer knows: the app decides, from the shell.
          const stale = await request("GET", "/login", { cookie: "threshold_session=gone" });
          assertEquals(stale.text, "<!doctype html><title>Threshold</title>");
          // A path with no prerendered page is the shell for everyone.
          assertEquals(
            (await request("GET", "/signup")).text,
            "<!doctype html><title>Threshold</title>",
          );
        },
      );
      await t.step(
        "/app is rendered for a signed-in visitor, with the session and its reads in the page",
        async () => {
          await addUser(sql, { email: "member@example.com" });
          const member = await login("member@example.com");
          const res = await member.request("GET", "/app");
          assertEquals(res.status, 200);
          assertEquals(res.headers.get("cache-control"), "private, no-cache");
          assertEquals(res.headers.get("content-type"), "text/html; charset=UTF-8");
          assertEquals(res.text.includes("<title>Threshold - Home</title>"), true);
          // With the session and the page's reads for this member, as their browser
          // would get them: their doors (none yet) and whether they have a passkey (the
          // read named for them); the users list is an admin's, refused, left out.
          const block = /<script type="application\/json" id="session">(.*?)<\/script>/.exec(res.text)![1];
          const { user, queries } = JSON.parse(block);
          assertEquals(user.email, "member@example.com");
          assertEquals(queries, {
            "/api/me/doors": [],
            "/api/auth/passkey/check/member%40example.com": { hasPasskeys: false },
          });
          // Signed out (no session behind the cookie), anonymous, or another path: the shell.
          for (const cookie of ["threshold_session=gone", undefined]) {
            assertEquals(
              (await request("GET", "/app", { cookie })).text,
              "<!doctype html><title>Threshold</title>",
            );
          }
          assertEquals(
            (await member.request("GET", "/dash/users")).text,
            "<!doctype html><title>Threshold</title>",
          );
        },
      );
      await t.step("the server build is never served", async () => {
        assertEquals((await request("GET", "/server/prerender.js")).status, 404);
        assertEquals((await request("GET", "/server/page.html")).status, 404);
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
