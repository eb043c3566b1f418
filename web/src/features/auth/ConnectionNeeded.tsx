// What the pages of spec 4 §4 (/forgot-password, /reset-password/<token>,
// /invite/<token>) show without a connection: each of them only talks to the
// server, so their chunks are not precached (vite.config.ts) and this small
// module, which is, stands in. Two forms: the page itself when the route could
// not load its chunk or the browser was offline as it opened (app/routes.tsx),
// and a notice inside an open page whose connection dropped, above its disabled
// submit button.
import { useEffect } from "react";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import Typography from "@mui/joy/Typography";
import { usePageMeta } from "../../ui/page_meta";
import { AuthCard } from "./AuthCard";

export const CONNECTION_NEEDED = {
  title: "You're offline",
  page: "This page needs a connection. Open it again once you're back online.",
  notice: "You're offline. This page needs a connection.",
  retry: "Try again",
} as const;

/** The route's stand-in, under the page's own title; it reloads into the page once the browser is back online. */
export function ConnectionNeededPage({ screen }: { screen: string }) {
  usePageMeta(screen);
  // Only on the event, never at mount: a page that failed to load while the browser
  // said it was online (the server away) would otherwise reload without end. And only
  // if the browser does say it is online: Chromium has been seen to fire `online` at a
  // page being left while offline (navigator.onLine still false), and a reload then
  // would take the place of the page being opened.
  useEffect(() => {
    const reload = () => {
      if (navigator.onLine) window.location.reload();
    };
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, []);
  return (
    <AuthCard heading={CONNECTION_NEEDED.title}>
      <Typography level="body-md" textAlign="center">{CONNECTION_NEEDED.page}</Typography>
      <Button variant="outlined" color="neutral" onClick={() => window.location.reload()}>
        {CONNECTION_NEEDED.retry}
      </Button>
    </AuthCard>
  );
}

/** Inside an open page while the browser is offline; the page disables its submit button meanwhile. */
export function ConnectionNeededNotice({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <Alert color="warning" variant="soft" role="status">
      {CONNECTION_NEEDED.notice}
    </Alert>
  );
}
