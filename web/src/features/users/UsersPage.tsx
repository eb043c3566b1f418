// /dash/users (spec 1 §2): search by name or e-mail as the admin types, "Show
// Deactivated", "Add User", and each user's actions. The list is windowed, so
// 10,000 users scroll and filter smoothly; on phones every user is a card. Its
// second tab is Provisioning (spec 4 §6, ProvisioningPage.tsx).
import { useDeferredValue, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { type User, useUsers } from "../../api/users";
import { initials, userLabel } from "../../api/user_display";
import { MoreIcon } from "../../ui/icons";
import { ListPage, listStateOf, useListFilters } from "../../ui/ListPage";
import { usePageMeta } from "../../ui/page_meta";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { WindowedList, WindowedTable } from "../../ui/Windowed";
import { AddUserDialog } from "./AddUserDialog";
import { useVerificationStatuses, type VerificationStatuses } from "./api";
import { UserActionsDialog } from "./UserActionsDialog";
import { UserBadges } from "./UserBadges";
import { UsersTabs } from "./UsersTabs";
import { filterUsers, haystack, usersEmptyText } from "./user_filter";

const ROW_HEIGHT = 60;
const CARD_HEIGHT = 112;

export default function UsersPage() {
  usePageMeta("Users");
  const users = useUsers();
  const statuses = useVerificationStatuses();
  useFailureToast(users.error, "Failed to fetch users");
  const phone = useIsPhone();

  const [adding, setAdding] = useState(false);
  const { search, showDeactivated, controls } = useListFilters();
  const [acting, setActing] = useState<User | null>(null);

  // Typing stays responsive: the box updates at once, the 10,000-row filter when React has time.
  const deferredSearch = useDeferredValue(search);
  const all = users.data;
  const index = useMemo(() => (all ?? []).map(haystack), [all]);
  const shown = useMemo(
    () => filterUsers(all ?? [], deferredSearch, showDeactivated, index),
    [all, deferredSearch, showDeactivated, index],
  );
  const verified = statuses.data ?? {};

  return (
    <ListPage
      title="Users"
      add={{ label: "Add User", onClick: () => setAdding(true) }}
      controls={controls}
      tabs={<UsersTabs current="Users" />}
      searchText={{ placeholder: "Search users...", label: "Search users by name or email" }}
      state={listStateOf(users, shown.length, { loading: "Loading users...", failed: "Failed to fetch users", empty: usersEmptyText(deferredSearch) })}
      rows={phone
        ? (
          <WindowedList
            items={shown}
            rowHeight={CARD_HEIGHT}
            label="Users"
            getKey={(u) => u.id}
            renderItem={(user) => <UserCard user={user} verified={verified} onActions={setActing} />}
          />
        )
        : (
          <WindowedTable
            items={shown}
            rowHeight={ROW_HEIGHT}
            label="Users"
            columns={4}
            getKey={(u) => u.id}
            head={
              <>
                <th scope="col" style={{ width: "38%" }}>NAME</th>
                <th scope="col" style={{ width: "34%" }}>EMAIL</th>
                <th scope="col" style={{ width: "16%" }}>STATUS</th>
                <th scope="col" style={{ width: "12%", textAlign: "right" }}>ACTIONS</th>
              </>
            }
            renderRow={(user) => <UserCells user={user} verified={verified} onActions={setActing} />}
          />
        )}
    >
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <UserActionsDialog user={acting} onClose={() => setActing(null)} />
    </ListPage>
  );
}

type RowProps = { user: User; verified: VerificationStatuses; onActions: (user: User) => void };

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

function UserName({ user }: { user: User }) {
  return (
    <Link component={RouterLink} to={`/dash/user/${user.id}`} level="title-sm" sx={{ ...ellipsis, display: "block", minWidth: 0 }}>
      {userLabel(user)}
    </Link>
  );
}

function ActionsButton({ user, onActions }: Pick<RowProps, "user" | "onActions">) {
  return (
    <IconButton
      size="sm"
      variant="plain"
      color="neutral"
      aria-label={`Actions for ${userLabel(user)}`}
      aria-haspopup="dialog"
      onClick={() => onActions(user)}
    >
      <MoreIcon />
    </IconButton>
  );
}

function UserCells({ user, verified, onActions }: RowProps) {
  return (
    <>
      <td>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, minWidth: 0 }}>
          <Avatar size="sm" aria-hidden="true">{initials(user)}</Avatar>
          <UserName user={user} />
          <UserBadges user={user} verified={verified[user.id]?.verified === true} />
        </Box>
      </td>
      <td style={ellipsis}>{user.email}</td>
      <td><StatusChip active={user.isActive} /></td>
      <td style={{ textAlign: "right" }}><ActionsButton user={user} onActions={onActions} /></td>
    </>
  );
}

function UserCard({ user, verified, onActions }: RowProps) {
  return (
    <Sheet
      variant="outlined"
      sx={{ borderRadius: "sm", p: 1.5, height: "100%", display: "flex", gap: 1.5, alignItems: "flex-start", boxSizing: "border-box" }}
    >
      <Avatar size="md" aria-hidden="true">{initials(user)}</Avatar>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
        <UserName user={user} />
        <Typography level="body-sm" sx={ellipsis}>{user.email}</Typography>
        <Box sx={{ display: "flex", gap: 0.75, alignItems: "center", flexWrap: "nowrap", overflow: "hidden" }}>
          <StatusChip active={user.isActive} />
          <UserBadges user={user} verified={verified[user.id]?.verified === true} />
        </Box>
      </Box>
      <ActionsButton user={user} onActions={onActions} />
    </Sheet>
  );
}
