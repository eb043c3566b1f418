// The banner as other screens embed it: its code (its rules, the lockdown checks
// they share with the server, its dialog) loads once the page has mounted, not
// with it (ui/lazy_part.tsx); until then, the empty live region it renders into.
import Box from "@mui/joy/Box";
import { lazyPart } from "../../ui/lazy_part";

const Banner = lazyPart(() => import("./LockdownBanner").then((m) => m.LockdownBanner));

/** `isAdmin`: whether the signed-in person is an admin (the one who may read and end lockdowns). */
export function LockdownBanner({ isAdmin }: { isAdmin: boolean }) {
  return <Banner isAdmin={isAdmin} fallback={<Box aria-live="polite" />} />;
}
