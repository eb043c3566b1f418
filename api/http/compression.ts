// Gzip for read answers big enough to gain from it (1 KB and up). Hono's compress()
// leaves a small answer alone only when it knows the answer's length, and c.json()
// answers carry none: it gzipped every 100-byte access decision, a fifth of a decision's
// time in the API (CPU profile). A JSON answer is already whole in memory, so reading it
// back to learn its length costs little; streamed answers (the CSV export) are not JSON
// and stay streamed. Writes answer with one record at most, so they skip all of this:
// an access decision is a write, and every microsecond of its path counts.
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

const gzip = compress({ threshold: 1024 });

export const compression: MiddlewareHandler = (c, next) =>
  c.req.method !== "GET" ? next() : gzip(c, async () => {
    await next();
    const res = c.res;
    if (
      res.body && !res.headers.has("content-length") && !res.headers.has("content-encoding") &&
      /^application\/(scim\+)?json/.test(res.headers.get("content-type") ?? "")
    ) {
      const body = new Uint8Array(await res.arrayBuffer());
      c.res = new Response(body, res);
      c.res.headers.set("content-length", String(body.byteLength));
    }
  });
