// What every tab of a user shares (spec 1 §2): the user's header and the tab
// links Overview, Groups, Credentials, Log, or the "User Not Found" view. A
// user created offline (negative id) renders from the cached list row, and
// once the server has made it, the page moves to its real id.
import type { ReactNode } from "react";
import Avatar from "@mui/joy/Avatar";
import Typography from "@mui/joy/Typography";
import { isSaved } from "../../api/mutations";
import { type User, useUser, useUsers } from "../../api/users";
import { initials, userLabel } from "../../api/user_display";
import { EntityHeader, NotFoundCard } from "../../ui/EntityHeader";
import { EntityLayout, type EntityTab } from "../../ui/EntityLayout";
import { useRouteId } from "../../ui/use_route_id";
import { useUserVerification } from "./api";
import { UserBadges } from "./UserBadges";
import { historyLink } from "../audit/public";

const TABS: EntityTab<User>[] = [
  { label: "Overview", screen: "User", path: "" },
  { label: "Groups", screen: "User Groups", path: "/groups" },
  { label: "Credentials", screen: "User Credentials", path: "/credentials" },
  { label: "Log", screen: "User Logs", path: "/logs" },
];
type UserTab = "Overview" | "Groups" | "Credentials" | "Log";

/** A user made offline is the saved one with its e-mail. */
const madeOf = (saved: User[], created: User) => saved.find((u) => u.email === created.email);

const pageOf = (id: number) => `/dash/user/${id}`;

export function UserLayout({ tab, children }: { tab: UserTab; children: (user: User) => ReactNode }) {
  const id = useRouteId();
  return (
    <EntityLayout
      base={pageOf}
      tabs={TABS}
      tabsLabel="User sections"
      current={tab}
      id={id}
      query={useUser(id)}
      kind="users"
      saved={useUsers(!Number.isNaN(id) && !isSaved(id)).data}
      made={madeOf}
      texts={{ loading: "Loading user...", fetchFailed: "Failed to fetch user" }}
      notFound={
        <NotFoundCard
          title="User Not Found"
          text="The user you're looking for doesn't exist."
          back={{ to: "/dash/users", label: "Back to Users" }}
        />
      }
      header={(user) => <UserHeader user={user} />}
    >
      {children}
    </EntityLayout>
  );
}

function UserHeader({ user }: { user: User }) {
  const verification = useUserVerification(user.id);
  return (
    <EntityHeader
      back={{ to: "/dash/users", label: "Users" }}
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
