// /app for a signed-in member, rendered for each request by the web's server
// build (dist/server/: web/build/prerender.ts, web/src/app/prerender.tsx): a
// phone paints the member's home from the HTML, before any JavaScript has
// arrived, and the app then hydrates it. The page carries what it was rendered
// with, so the app does not ask for it again: the session (the me call's user)
// and the reads the web build names for the page (SIGNED_IN_PAGES), answered by
// this app as they would be to the browser (its cookie, every access rule); a
// read that fails is left to the browser.
// Whenever that cannot be done (nobody signed in, the database away, no server
// build, a render that throws), the caller sends the app's shell, as before.
import type { Context } from "hono";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { SessionUser } from "../auth/contract.ts";
import { currentUser } from "../auth/sessions.ts";
import type { Env } from "./env.ts";

/** What dist/server/prerender.js exports (web/src/app/prerender.tsx). */
type ServerBuild = {
  SIGNED_IN_PAGES: Record<string, (user: SessionUser) => readonly string[]>;
  render(path: string, renderedWith: RenderedWith): Promise<Rendered>;
  page(template: string, rendered: Rendered, renderedWith: RenderedWith): string;
};
type Rendered = { html: string; title: string; robots: string };
type RenderedWith = { user: SessionUser; queries: Record<string, unknown> };
/** This app, answering a request of its own (Hono's app.request). */
export type AppRequest = (url: string, init: RequestInit) => Response | Promise<Response>;

/** The server build's folder inside the static folder; never served as files (static.ts). */
export const SERVER_DIR = "server";

export function signedInPages(staticDir: string, request: AppRequest) {
  let loading: Promise<{ build: ServerBuild; template: string } | null> | undefined;
  const load = async () => {
    try {
      const dir = join(staticDir, SERVER_DIR);
      const build: ServerBuild = await import(pathToFileURL(join(dir, "prerender.js")).href);
      return { build, template: await Deno.readTextFile(join(dir, "page.html")) };
    } catch {
      return null; // not built (API tests, an old build): the shell it is
    }
  };

  /** The page at `path` rendered for the signed-in visitor, or null when the shell should go. */
  return async (c: Context<Env>, path: string): Promise<string | null> => {
    loading ??= load();
    const server = await loading;
    const reads = server && Object.hasOwn(server.build.SIGNED_IN_PAGES, path)
      ? server.build.SIGNED_IN_PAGES[path]
      : null;
    if (!server || !reads) return null;
    try {
      const user = await currentUser(c, c.var.sql, c.var.config);
      if (!user) return null;
      const renderedWith = { user, queries: await answers(c, request, reads(user)) };
      return server.build.page(server.template, await server.build.render(path, renderedWith), renderedWith);
    } catch (error) {
      c.var.log.error("server rendering failed, the shell goes instead", {
        path,
        error: String(error),
      });
      return null;
    }
  };
}

/** The reads' answers, as this app gives them to the visitor; those that fail are left out. */
async function answers(c: Context<Env>, request: AppRequest, urls: readonly string[]) {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const answered = await Promise.all(urls.map(async (url): Promise<[string, unknown][]> => {
    const res = await request(url, { headers });
    if (res.ok) return [[url, await res.json()]];
    await res.body?.cancel();
    return [];
  }));
  return Object.fromEntries(answered.flat());
}
