// The banner as other screens embed it: its code (its rules, the lockdown checks
// they share with the server, its dialog) loads after the page's first paint, not
// with it; until then, the empty live region it renders into.
import { lazy, Suspense } from "react";
import Box from "@mui/joy/Box";

const Banner = lazy(() => import("./LockdownBanner").then((m) => ({ default: m.LockdownBanner })));

/** `isAdmin`: whether the signed-in person is an admin (the one who may read and end lockdowns). */
export function LockdownBanner({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Suspense fallback={<Box aria-live="polite" />}>
      <Banner isAdmin={isAdmin} />
    </Suspense>
  );
}
