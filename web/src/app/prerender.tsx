// The pages rendered on the server, so that a phone on a weak signal paints them
// from the HTML alone, styles inline, before any JavaScript has arrived; the app
// then hydrates them (main.tsx). Two kinds:
//   - the public pages, rendered signed out at build time (web/build/prerender.ts
//     writes dist/prerendered/), which the server sends to a browser without a
//     session cookie;
//   - /app, rendered by the API for each request of a signed-in member
//     (api/http/server_render.ts), with the session it already knows.
// Not part of the browser's build: web/build/prerender.ts builds it for the
// server. Screens it renders must not read browser APIs while rendering (effects
// may): their first render, here, has no window.
// The edge build of react-dom/server: it needs no Node built-ins, so the API
// (Deno) runs the same bundle the build (Node) does, and it leaves nothing
// running after a render (the browser build's MessageChannel would keep the
// build's Node process from ever exiting).
import { renderToString } from "react-dom/server.edge";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { queryClient as browserQueryClient } from "../api/query_client";
import { SESSION_QUERY_KEY, type SessionUser } from "../api/session";
import { MEMBER_DOORS_KEY, passkeyCheckKey } from "../features/doors/public";
import { VERIFICATION_STATUS_KEY } from "../features/home/identity_verification";
import { renderedMeta } from "../ui/page_meta";
import { AppShell } from "./AppShell";
import { type RenderedWith, SESSION_DATA_ID } from "./session_data";
import { appRoutes } from "./routes";

/** The pages members open first that look the same to every signed-out visitor. */
export const PRERENDERED_PATHS = ["/", "/login"];
/**
 * The pages rendered for each request of a signed-in visitor (the phone's home
 * screen opens /app), each with the reads the server answers into it for that
 * visitor, so that it paints with them and hydration finds nothing to redraw: /app's
 * doors, arriving after it, pushed everything below them down the screen; whether
 * Face ID is set up turns every door's button, and the verification status the
 * identity button.
 */
export const SIGNED_IN_PAGES: Record<string, (user: SessionUser) => readonly string[]> = {
  "/app": (user) => [MEMBER_DOORS_KEY[0], passkeyCheckKey(user.email)[0], VERIFICATION_STATUS_KEY[0]],
};

export type RenderedPage = { html: string; title: string; robots: string };

/** The page at `path` as its visitor sees it before any data but what it is rendered with has arrived. */
export async function render(path: string, { user, queries }: RenderedWith): Promise<RenderedPage> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, "http://localhost")));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}, not a page`);
  // A cache per render (a request's data is its visitor's), with the app's defaults.
  const queryClient = new QueryClient({ defaultOptions: browserQueryClient.getDefaultOptions() });
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  for (const [url, data] of Object.entries(queries)) queryClient.setQueryData([url], data);
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


/**
 * The whole page: `template` (the built index.html with the hydrating script,
 * web/build/prerender.ts) with the page's title, robots meta, markup and what it
 * was rendered with.
 */
export function page(template: string, rendered: RenderedPage, renderedWith: RenderedWith): string {
  // A data block (not run, so the CSP allows it); < escaped so no name can end it.
  const data = JSON.stringify(renderedWith).replaceAll("<", "\\u003c");
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>\n    <meta name="robots" content="${rendered.robots}" />`)
    .replace(
      '<div id="root"></div>',
      `<script type="application/json" id="${SESSION_DATA_ID}">${data}</script>\n    ` +
        // Its controls disabled until the app has taken the page over (main.tsx),
        // so no tap or keystroke is lost meanwhile; a fieldset that lays nothing out.
        `<fieldset disabled style="all: unset; display: contents"><div id="root">${rendered.html}</div></fieldset>`,
    );
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
