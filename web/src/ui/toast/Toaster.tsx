// Renders the open toasts in a labelled live region; F8 moves focus to it.
import { useEffect, useRef } from "react";
import Box from "@mui/joy/Box";
import { TOAST_HOTKEY, TOAST_VIEWPORT_LABEL, TOAST_VIEWPORT_MAX_WIDTH } from "./constants";
import { useToast } from "./toast";
import { lazyPart } from "../lazy_part";
import { useStoredUser } from "../../offline/storage";

// Not in a page's first load: the region is all a page shows until a toast. Its
// code is fetched as soon as someone is signed in here, though, not with the first
// toast, which may come offline ("saved on this device") where it may not load.
// (Signed out, as on a first visit to /login, no toast comes offline.)
const ToastCard = lazyPart(() => import("./ToastCard").then((m) => m.ToastCard));

export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);
  const signedIn = useStoredUser() !== null;
  useEffect(() => {
    if (signedIn) ToastCard.preload();
  }, [signedIn]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) regionRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <Box
      component="section"
      ref={regionRef}
      role="region"
      aria-label={TOAST_VIEWPORT_LABEL}
      tabIndex={-1}
      sx={{
        position: "fixed",
        zIndex: "snackbar",
        top: { xs: 0, sm: "auto" },
        bottom: { sm: 0 },
        right: 0,
        width: "100%",
        maxWidth: { md: TOAST_VIEWPORT_MAX_WIDTH },
        maxHeight: "100vh",
        p: 2,
        outline: "none",
        // The empty viewport must not swallow clicks meant for the page below it.
        pointerEvents: "none",
      }}
    >
      {/* Always mounted, so screen readers announce toasts added to it. */}
      <Box role="status" aria-live="polite" sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
        {toasts.filter((t) => t.open).map((t) => (
          <ToastCard key={t.id} toast={t} />
        ))}
      </Box>
    </Box>
  );
}
