// The entry of the pages rendered on the server, in place of main.tsx's
// (web/build/prerender.ts swaps it in): the page is painted from its HTML
// first, and only then is the app fetched and run to hydrate it. Fetched with
// the HTML, the app's scripts would compete with the page's own paint for a
// phone's CPU and bandwidth; after it, they cost the visitor nothing they see.
// A tab opened in the background paints nothing, so it does not wait.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

if (document.visibilityState === "visible") {
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  await nextTask();
}
// The libraries first, each run in a task of its own (vite.config.ts gives
// them chunks of their own): run at once with the app, they would hold a phone's
// main thread for one long stretch, in which a tap on the page waits. Each
// import names what the app uses of it, so the build keeps no more.
for (const load of [
  () => import("react-dom/client").then((m) => m.hydrateRoot),
  () => import("react-router-dom").then((m) => m.RouterProvider),
  // Joy's styling engine (emotion; its cache takes the page's styles in), then its theme.
  () => import("@emotion/react").then((m) => m.ThemeContext),
  () => import("@mui/joy/styles").then((m) => m.CssVarsProvider),
  () => import("@tanstack/react-query").then((m) => m.QueryClient),
]) {
  await load();
  await nextTask();
}
await import("./main");

export {}; // a module: the awaits above are top-level
