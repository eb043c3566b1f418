// The public landing page: a signed-in visitor goes straight to /app; anyone else
// sees the logo, which zooms on hover and toggles its zoom on click or touch.
import { useState } from "react";
import { Navigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import { useSession } from "../../api/session";
import { APP_NAME, usePageMeta } from "../../ui/page_meta";
import { visuallyHidden } from "../../ui/visually_hidden";

export const LOGO_ZOOM_SCALE = 3;
export const LOGO_ZOOM_MS = 2000;
const LOGO_SIZE = 96;

export default function LandingPage() {
  usePageMeta("Welcome", { index: true, title: `Welcome to ${APP_NAME}` });
  const { data: user, isPending } = useSession();
  const [enlarged, setEnlarged] = useState(false);

  if (isPending) return null; // no flash of the logo before a redirect
  if (user) return <Navigate to="/app" replace />;

  const zoomed = { transform: `scale(${LOGO_ZOOM_SCALE})` };
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", overflow: "hidden" }}
    >
      <h1 style={visuallyHidden}>Welcome to {APP_NAME}</h1>
      <Box
        component="button"
        type="button"
        aria-pressed={enlarged}
        onClick={() => setEnlarged((on) => !on)}
        sx={{
          p: 0,
          border: 0,
          borderRadius: "50%",
          background: "none",
          cursor: "pointer",
          "& img": {
            display: "block",
            transition: `transform ${LOGO_ZOOM_MS}ms`,
            ...(enlarged && zoomed),
          },
          // Only real hover: on touch screens a tap would otherwise leave it stuck zoomed.
          "@media (hover: hover)": { "&:hover img": zoomed },
          "@media (prefers-reduced-motion: reduce)": { "& img": { transition: "none" } },
        }}
      >
        <img src="/logo.svg" alt="Peace sign" width={LOGO_SIZE} height={LOGO_SIZE} />
      </Box>
    </Box>
  );
}
