// /login and /signup: a signed-in visitor goes to /app (spec 1 §6).
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useSession } from "../../api/session";

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useSession();
  if (isPending) return null; // no flash of the form before a redirect
  if (user) return <Navigate to="/app" replace />;
  // Signed out (null) or the check failed (offline): the form is what helps.
  return children;
}
