// What every tab of a user shares (spec 1 §2): the user's header and the tab
// links Overview, Groups, Credentials, Log, Access (spec 4 §7), or the "User Not Found" view. A
// user created offline (negative id) renders from the cached list row, and
// once the server has made it, the page moves to its real id.
import type { ReactNode } from "react";
import Avatar from "@mui/joy/Avatar";
import Typography from "@mui/joy/Typography";
import { type User, useUser, useUsers } from "../../api/users";
import { initials, userLabel } from "../../api/user_display";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages, type EntityTab } from "../../ui/EntityLayout";
import { useUserVerification } from "./api";
import { UserBadges } from "./UserBadges";
import { historyLink } from "../audit/public";

const TABS: EntityTab<User>[] = [
  { label: "Overview", screen: "User", path: "" },
  { label: "Groups", screen: "User Groups", path: "/groups" },
  { label: "Credentials", screen: "User Credentials", path: "/credentials" },
  { label: "Log", screen: "User Logs", path: "/logs" },
  { label: "Access", screen: "User Access", path: "/access" },
];
type UserTab = "Overview" | "Groups" | "Credentials" | "Log" | "Access";

const PAGES: EntityPages<User> = {
  kind: "users",
  list: { to: "/dash/users", label: "Users" },
  pageOf: (id) => `/dash/user/${id}`,
  tabs: TABS,
  read: { one: useUser, all: useUsers },
  /** A user made offline is the saved one with its e-mail. */
  made: (saved, created) => saved.find((u) => u.email === created.email),
  texts: {
    loading: "Loading user...",
    fetchFailed: "Failed to fetch user",
    notFound: "User Not Found",
    notFoundText: "The user you're looking for doesn't exist.",
  },
};

export function UserLayout({ tab, children }: { tab: UserTab; children: (user: User) => ReactNode }) {
  return (
    <EntityLayout pages={PAGES} current={tab} header={(user) => <UserHeader user={user} />}>
      {children}
    </EntityLayout>
  );
}

function UserHeader({ user }: { user: User }) {
  const verification = useUserVerification(user.id);
  return (
    <EntityHeader
      back={PAGES.list}
      title={userLabel(user)}
      active={user.isActive}
      avatar={<Avatar size="lg" aria-hidden="true">{initials(user)}</Avatar>}
      badges={<UserBadges user={user} verified={verification.data?.verified === true} />}
      history={historyLink("user", user.id)}
    >
      <Typography level="body-md" textColor="text.secondary" sx={{ wordBreak: "break-all" }}>{user.email}</Typography>
    </EntityHeader>
  );
}
