// Serves the built PWA: hashed assets cached for a year, index.html and the
// service worker never cached (so updates are seen), and every client route
// falls back to index.html.
import type { Context, Next } from "hono";
import { extname, join, normalize } from "node:path";
import type { Env } from "./env.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const NO_CACHE = "no-cache";

export function serveApp(staticDir: string) {
  const root = normalize(staticDir);
  return async (c: Context<Env>, next: Next) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") return await next();
    const path = decodeURIComponent(c.req.path);
    const file = normalize(join(root, path));
    if (file.startsWith(root) && await isFile(file)) return send(c, file, cacheFor(path));
    // Paths that look like files are real misses, not client routes.
    if (extname(path)) return c.text("Not found", 404);
    const index = join(root, "index.html");
    if (!await isFile(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it).", 503);
    }
    return send(c, index, NO_CACHE);
  };
}

function cacheFor(path: string) {
  return path.startsWith("/assets/") ? IMMUTABLE : NO_CACHE;
}

async function isFile(path: string) {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

async function send(c: Context<Env>, file: string, cacheControl: string) {
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  c.header("Content-Type", type);
  c.header("Cache-Control", cacheControl);
  if (c.req.method === "HEAD") return c.body(null);
  return c.body(await Deno.readFile(file));
}
