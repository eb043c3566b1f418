// The banner as other screens embed it: its code (its rules, the lockdown checks
// they share with the server, its dialog) loads only for an admin. A member's
// /app, a phone's first screen, never shows a lockdown (docs/screens.md), so it
// gets the empty live region alone.
import { lazy, Suspense } from "react";
import Box from "@mui/joy/Box";

const Banner = lazy(() => import("./LockdownBanner").then((m) => ({ default: m.LockdownBanner })));

/** `isAdmin`: whether the signed-in person is an admin (the one who may read and end lockdowns). */
export function LockdownBanner({ isAdmin }: { isAdmin: boolean }) {
  const empty = <Box aria-live="polite" />;
  return isAdmin ? <Suspense fallback={empty}><Banner isAdmin /></Suspense> : empty;
}
