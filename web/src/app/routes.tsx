// Every route of both specs. Each screen is its own lazily loaded chunk, so the
// first load of any page carries only the shell and that page.
import type { ComponentType } from "react";
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from "react-router-dom";

type PageModule = { default: ComponentType };

/** A route's `lazy` that loads a page module's default export as its component. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * A page that only talks to the server (spec 4 §4's reset request and e-mailed
 * links): its chunk is not precached (vite.config.ts, globIgnores), and when the
 * browser is offline as it opens, or the chunk cannot load, a small precached page
 * says so under the page's title instead (features/auth/ConnectionNeeded.tsx), and
 * reloads into the page once the browser is back online.
 */
const onlinePage = (screen: string, load: () => Promise<PageModule>) => async () => {
  try {
    if (!navigator.onLine) throw new Error("offline");
    return { Component: (await load()).default };
  } catch {
    const { ConnectionNeededPage } = await import("../features/auth/ConnectionNeeded");
    return { Component: () => <ConnectionNeededPage screen={screen} /> };
  }
};

export const routes: RouteObject[] = [
  { path: "/", lazy: page(() => import("../features/landing/LandingPage")) },
  { path: "/login", lazy: page(() => import("../features/auth/LoginPage")) },
  { path: "/signup", lazy: page(() => import("../features/auth/SignupPage")) },
  { path: "/forgot-password", lazy: onlinePage("Forgot Password", () => import("../features/auth/ForgotPasswordPage")) },
  { path: "/reset-password/:token", lazy: onlinePage("Reset Password", () => import("../features/auth/ResetPasswordPage")) },
  { path: "/invite/:token", lazy: onlinePage("Accept Invitation", () => import("../features/auth/InvitationPage")) },
  // A guest's pass (spec 4 §5): its own chunk (with the QR package), precached, so an
  // opened pass shows offline.
  { path: "/visit/:token", lazy: page(() => import("../features/visitors/PassPage")) },
  { path: "/app", lazy: page(() => import("../features/home/HomePage")) },
  {
    path: "/dash",
    lazy: page(() => import("../features/dashboard/DashboardLayout")),
    children: [
      { index: true, element: <Navigate to="/dash/users" replace /> },
      { path: "users", lazy: page(() => import("../features/users/UsersPage")) },
      { path: "users/provisioning", lazy: page(() => import("../features/users/ProvisioningPage")) },
      { path: "user/:id", lazy: page(() => import("../features/users/UserPage")) },
      { path: "user/:id/groups", lazy: page(() => import("../features/users/UserGroupsPage")) },
      { path: "user/:id/credentials", lazy: page(() => import("../features/users/UserCredentialsPage")) },
      { path: "user/:id/logs", lazy: page(() => import("../features/users/UserLogsPage")) },
      { path: "user/:id/access", lazy: page(() => import("../features/users/UserAccessPage")) },
      { path: "groups", lazy: page(() => import("../features/groups/GroupsPage")) },
      { path: "groups/:id", lazy: page(() => import("../features/groups/GroupPage")) },
      { path: "groups/:id/users", lazy: page(() => import("../features/groups/GroupUsersPage")) },
      { path: "groups/:id/rooms", lazy: page(() => import("../features/groups/GroupRoomsPage")) },
      { path: "groups/:id/logs", lazy: page(() => import("../features/groups/GroupLogsPage")) },
      { path: "logs", lazy: page(() => import("../features/logs/LogsPage")) },
      { path: "audit", lazy: page(() => import("../features/audit/AuditPage")) },
      { path: "rooms", lazy: page(() => import("../features/rooms/RoomsPage")) },
      // Spec 2 §2: room detail and its utilization tab are the same screen.
      { path: "room/:id", lazy: page(() => import("../features/rooms/RoomPage")) },
      { path: "room/:id/utilization", lazy: page(() => import("../features/rooms/RoomPage")) },
      { path: "room/:id/devices", lazy: page(() => import("../features/rooms/RoomDevicesPage")) },
      { path: "room/:id/logs", lazy: page(() => import("../features/rooms/RoomLogsPage")) },
      { path: "room/:id/access", lazy: page(() => import("../features/rooms/RoomAccessPage")) },
      { path: "room/:id/sensor", lazy: page(() => import("../features/rooms/RoomSensorPage")) },
      { path: "devices", lazy: page(() => import("../features/devices/DevicesPage")) },
      { path: "device/:id", lazy: page(() => import("../features/devices/DevicePage")) },
      { path: "device/:id/logs", lazy: page(() => import("../features/devices/DeviceLogsPage")) },
      { path: "doors", lazy: page(() => import("../features/doors/DoorsPage")) },
      { path: "alarms", lazy: page(() => import("../features/alarms/AlarmsPage")) },
      { path: "alarms/history", lazy: page(() => import("../features/alarms/AlarmsPage")) },
      { path: "visitors", lazy: page(() => import("../features/visitors/VisitorsPage")) },
      { path: "visitors/upcoming", lazy: page(() => import("../features/visitors/VisitorsPage")) },
      { path: "visitors/past", lazy: page(() => import("../features/visitors/VisitorsPage")) },
      { path: "schedules", lazy: page(() => import("../features/schedules/SchedulesPage")) },
      { path: "schedules/:id", lazy: page(() => import("../features/schedules/SchedulePage")) },
      { path: "holidays/:id", lazy: page(() => import("../features/schedules/HolidayCalendarPage")) },
      { path: "webhooks", lazy: page(() => import("../features/webhooks/WebhooksPage")) },
      { path: "webhooks/:id", lazy: page(() => import("../features/webhooks/WebhookPage")) },
      { path: "lastlock-test", lazy: page(() => import("../features/lastlock_test/LastlockTestPage")) },
    ],
  },
  { path: "/vash", lazy: page(() => import("../features/dev/VashPage")) },
  { path: "/setup-success", lazy: page(() => import("../features/dev/SetupSuccessPage")) },
  { path: "*", lazy: page(() => import("../features/not_found/NotFoundPage")) },
];

// The first screen's chunk is precached, so showing nothing while it loads is brief.
const NothingWhileLoading = () => null;

export const appRoutes: RouteObject[] = [{ HydrateFallback: NothingWhileLoading, children: routes }];

/**
 * The browser's router. Hydrating a page rendered at build time (app/prerender.tsx),
 * the page's own chunk is loaded first: the first render must be that page, not
 * the fallback, or React would throw the served HTML away.
 */
export async function createRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) {
    // Each step in a task of its own, or a phone's main thread is held for them at
    // once: the app's modules have just run, then matching the location (which
    // flattens and ranks every route), the page's chunk running as it arrives,
    // the router (which flattens them again), and the hydration.
    await nextTask();
    await Promise.all((matchRoutes(appRoutes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy === "function") Object.assign(route, await route.lazy(), { lazy: undefined });
    }));
    await nextTask();
  }
  const router = createBrowserRouter(appRoutes);
  if (hydrating) await nextTask();
  return router;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
