// Serves the built PWA: hashed assets cached for a year, index.html and the
// service worker never cached (so updates are seen), and every client route
// falls back to index.html. A public page rendered at build time
// (dist/prerendered/, web/build/prerender.ts) goes instead to a browser without
// a session cookie: it paints before any JavaScript arrives, and it is rendered
// signed out, which such a browser is; a signed-in member's /app is rendered
// for the request (server_render.ts). Files are sent as their brotli copy
// (<file>.br, made at build time) to browsers that accept it.
import type { Context, Next } from "hono";
import { getCookie } from "hono/cookie";
import { extname, join, normalize } from "node:path";
import { cookieName } from "../auth/sessions.ts";
import type { Env } from "./env.ts";
import { type AppRequest, SERVER_DIR, signedInPages } from "./server_render.ts";

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
/** A page rendered for its visitor: no shared cache may keep it. */
const PRIVATE = "private, no-cache";

/** `request`: this app answering a request of its own (the reads a page is rendered with). */
export function serveApp(staticDir: string, request: AppRequest) {
  const root = normalize(staticDir);
  const renderSignedIn = signedInPages(root, request);
  return async (c: Context<Env>, next: Next) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") return await next();
    const path = decodeURIComponent(c.req.path);
    const file = normalize(join(root, path));
    const serverOnly = file.startsWith(join(root, SERVER_DIR, "/"));
    if (file.startsWith(root) && !serverOnly && await isFile(file)) {
      return send(c, file, cacheFor(path));
    }
    // Paths that look like files are real misses, not client routes.
    if (extname(path)) return c.text("Not found", 404);
    const index = join(root, "index.html");
    if (!await isFile(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it).", 503);
    }
    // The answer to a page differs with the session cookie.
    c.header("Vary", "Cookie", { append: true });
    if (hasSessionCookie(c)) {
      const rendered = c.req.method === "GET" ? await renderSignedIn(c, path) : null;
      if (rendered) {
        c.header("Cache-Control", PRIVATE);
        return c.html(rendered);
      }
      return send(c, index, NO_CACHE);
    }
    const page = prerendered(root, path);
    return send(c, page && await isFile(page) ? page : index, NO_CACHE);
  };
}

/** The prerendered file of a one-segment path (/ is index.html), or null. */
function prerendered(root: string, path: string): string | null {
  const name = path === "/" ? "index" : /^\/([a-z][a-z-]*)$/.exec(path)?.[1];
  return name ? join(root, "prerendered", `${name}.html`) : null;
}

/** A session cookie of either name (https or not), valid or not: then the app decides, as before. */
function hasSessionCookie(c: Context<Env>): boolean {
  return [cookieName(true), cookieName(false)].some((name) => getCookie(c, name) !== undefined);
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
  const brotli = `${file}.br`;
  let body = file;
  if (await isFile(brotli)) {
    c.header("Vary", "Accept-Encoding", { append: true });
    if (acceptsBrotli(c.req.header("Accept-Encoding"))) {
      c.header("Content-Encoding", "br");
      body = brotli;
    }
  }
  if (c.req.method === "HEAD") return c.body(null);
  return c.body(await Deno.readFile(body));
}

/** br listed in Accept-Encoding, and not refused with q=0. */
function acceptsBrotli(accept = ""): boolean {
  return accept.split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";").map((s) => s.trim());
    return coding === "br" && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}
