// What every tab of a user shares (spec 1 §2): the user's header and the tab
// links Overview, Groups, Credentials, Log, or the "User Not Found" view. A
// user created offline (negative id) renders from the cached list row, and
// once the server has made it, the page moves to its real id.
import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { isNotFound } from "../../api/api_error";
import { initials } from "../../api/user_display";
import { usePending } from "../../offline/use_outbox";
import { ArrowLeftIcon } from "../../ui/icons";
import { PageBody } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { StatusChip } from "../../ui/StatusChip";
import { TabLinks } from "../../ui/TabLinks";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useRouteId } from "../../ui/use_route_id";
import { isSaved, type User, useUser, useUsers, useUserVerification } from "./api";
import { UserBadges } from "./UserBadges";
import { userLabel } from "./user_filter";

export type UserTab = "Overview" | "Groups" | "Credentials" | "Log";

const SCREEN: Record<UserTab, string> = {
  Overview: "User",
  Groups: "User Groups",
  Credentials: "User Credentials",
  Log: "User Logs",
};

export function userTabs(id: number) {
  return [
    { label: "Overview", to: `/dash/user/${id}` },
    { label: "Groups", to: `/dash/user/${id}/groups` },
    { label: "Credentials", to: `/dash/user/${id}/credentials` },
    { label: "Log", to: `/dash/user/${id}/logs` },
  ];
}

export function UserLayout({ tab, children }: { tab: UserTab; children: (user: User) => ReactNode }) {
  usePageMeta(SCREEN[tab]);
  const id = useRouteId();
  const user = useUser(Number.isNaN(id) ? 0 : id);
  useFailureToast(user.isError && !isNotFound(user.error) ? user.error : null, "Failed to fetch user");
  useFollowCreatedUser(id, user.data);

  if (Number.isNaN(id) || (user.isError && isNotFound(user.error)) || (!isSaved(id) && !user.data)) {
    return <UserNotFound />;
  }
  if (!user.data) {
    return (
      <PageBody>
        <Typography role="status">{user.isError ? "Failed to fetch user" : "Loading user..."}</Typography>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <UserHeader user={user.data} />
      <TabLinks label="User sections" tabs={userTabs(user.data.id)} current={tab} />
      {children(user.data)}
    </PageBody>
  );
}

/** On a user made offline: once the server has it, go to its real page. */
function useFollowCreatedUser(id: number, user: User | undefined) {
  const navigate = useNavigate();
  const pending = usePending(`users/${id}`);
  const list = useUsers(!isSaved(id));
  useEffect(() => {
    if (isSaved(id) || pending || !user) return;
    const made = list.data?.find((u) => isSaved(u.id) && u.email === user.email);
    if (made) navigate(`/dash/user/${made.id}`, { replace: true });
  }, [id, pending, user, list.data, navigate]);
}

function UserHeader({ user }: { user: User }) {
  const verification = useUserVerification(user.id);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Link component={RouterLink} to="/dash/users" level="body-sm" startDecorator={<ArrowLeftIcon size={16} />}>
        Users
      </Link>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, minWidth: 0 }}>
        <Avatar size="lg" aria-hidden="true">{initials(user)}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }} sx={{ wordBreak: "break-word" }}>
              {userLabel(user)}
            </Typography>
            <StatusChip active={user.isActive} />
            <UserBadges user={user} verified={verification.data?.verified === true} />
          </Box>
          <Typography level="body-md" textColor="text.secondary" sx={{ wordBreak: "break-all" }}>{user.email}</Typography>
        </Box>
      </Box>
    </Box>
  );
}

export function UserNotFound() {
  return (
    <PageBody>
      <Card sx={{ maxWidth: 480, mx: "auto", mt: 6, textAlign: "center", alignItems: "center", gap: 1.5 }}>
        <Typography level="h1" fontSize="xl2">User Not Found</Typography>
        <Typography>The user you're looking for doesn't exist.</Typography>
        <Button component={RouterLink} to="/dash/users">Back to Users</Button>
      </Card>
    </PageBody>
  );
}
