// Parent of every /dash route (spec 1 §2): anonymous visitors go to /login,
// signed-in non-admins see that admin access is needed, admins get the shell
// (side navigation on desktop, top bar below md) around the page, and above
// every page the banner of an active lockdown (spec 3 §2). Every page also keeps the
// alarms' live listener: the navigation's badge and the critical-alarm toast (spec 4 §2).
import { useState } from "react";
import { Navigate, Outlet } from "react-router-dom";
import Box from "@mui/joy/Box";
import { type SessionUser, useSession } from "../../api/session";
import { storedUser } from "../../offline/storage";
import { AdminRequiredPage } from "./AdminRequiredPage";
import { SideNav, SIDE_NAV_COLLAPSED } from "./SideNav";
import { SignOutDialog } from "../auth/public";
import { LockdownBanner } from "../lockdown/public";
import { useAlarmEvents } from "../alarms/public";
import { TopBar } from "./TopBar";

export default function DashboardLayout() {
  const { data, isPending } = useSession();
  if (isPending) return null;
  // null is the server saying "signed out"; a failed call (offline) falls back to
  // the user this browser last saw signed in.
  const user = data === undefined ? storedUser() : data;
  if (!user) return <Navigate to="/login" replace />;
  // isAdmin is the server's rule: member of an active group named Admin.
  if (!user.isAdmin) return <AdminRequiredPage />;
  return <DashboardShell user={user} />;
}

function DashboardShell({ user }: { user: SessionUser }) {
  const [signingOut, setSigningOut] = useState(false);
  const openSignOut = () => setSigningOut(true);
  useAlarmEvents(true);
  return (
    <Box sx={{ minHeight: "100dvh" }}>
      <TopBar user={user} onAccount={openSignOut} />
      <SideNav user={user} onAccount={openSignOut} />
      <Box sx={{ ml: { md: `${SIDE_NAV_COLLAPSED}px` }, minWidth: 0 }}>
        <LockdownBanner isAdmin={user.isAdmin} />
        <Outlet />
      </Box>
      <SignOutDialog open={signingOut} onClose={() => setSigningOut(false)} />
    </Box>
  );
}
