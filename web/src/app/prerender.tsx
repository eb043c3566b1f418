// The public pages rendered at build time (web/build/prerender.ts writes them
// into dist/prerendered/): a phone on a weak signal paints the page from the
// HTML alone, styles inline, before any JavaScript has arrived; main.tsx then
// hydrates it. The server sends them only to a browser without a session cookie
// (api/http/static.ts), so they are rendered signed out. Not part of the
// browser's build.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { queryClient } from "../api/query_client";
import { SESSION_QUERY_KEY } from "../api/session";
import { renderedMeta } from "../ui/page_meta";
import { AppShell } from "./AppShell";
import { appRoutes } from "./routes";

/** The pages members open first that look the same to every signed-out visitor. */
export const PRERENDERED_PATHS = ["/", "/login"];

export type RenderedPage = { html: string; title: string; robots: string };

export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  // Emotion, without a cache of its own on the server, writes each component's
  // styles in a <style> right before it; in the browser they move to <head>
  // before hydration (@emotion/cache), so React finds the markup it renders.
  const html = renderToString(
    <AppShell queryClient={queryClient}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppShell>,
  );
  return { html, ...renderedMeta };
}
