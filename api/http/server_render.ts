// /app for a signed-in member, rendered for each request by the web's server
// build (dist/server/: web/build/prerender.ts, web/src/app/prerender.tsx): a
// phone paints the member's home from the HTML, before any JavaScript has
// arrived, and the app then hydrates it. The page carries the session it was
// rendered with (the me call's user), so the app does not ask for it again.
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
  SIGNED_IN_PATHS: string[];
  render(path: string, user: SessionUser): Promise<Rendered>;
  page(template: string, rendered: Rendered, user: SessionUser): string;
};
type Rendered = { html: string; title: string; robots: string };

/** The server build's folder inside the static folder; never served as files (static.ts). */
export const SERVER_DIR = "server";

export function signedInPages(staticDir: string) {
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
    if (!server?.build.SIGNED_IN_PATHS.includes(path)) return null;
    try {
      const user = await currentUser(c, c.var.sql, c.var.config);
      if (!user) return null;
      return server.build.page(server.template, await server.build.render(path, user), user);
    } catch (error) {
      c.var.log.error("server rendering failed, the shell goes instead", {
        path,
        error: String(error),
      });
      return null;
    }
  };
}
