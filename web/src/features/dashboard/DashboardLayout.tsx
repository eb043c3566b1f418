// Parent of every /dash route: only signed-in visitors get in (spec 1 §2).
// The dashboard shell's issue adds the navigation around the <Outlet />.
import { Navigate, Outlet } from "react-router-dom";
import { readStoredUser, useSession } from "../../api/session";

export default function DashboardLayout() {
  const { data: user, isPending } = useSession();
  if (isPending) return null;
  // null is the server saying "signed out"; a failed call (offline) falls back to
  // the user this browser last saw signed in.
  if (user === null || (user === undefined && !readStoredUser())) return <Navigate to="/login" replace />;
  return <Outlet />;
}
