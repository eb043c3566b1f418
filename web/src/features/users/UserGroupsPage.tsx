// /dash/user/{id}/groups (spec 1 §2): the user's groups, each expandable to
// its rooms ("Show Rooms" / "Hide Rooms"), a group search and "Manage Groups".
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Link from "@mui/joy/Link";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { ChevronDownIcon } from "../../ui/icons";
import { SearchField } from "../../ui/SearchField";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useGroupRooms } from "../../api/groups";
import { filterByNameOrDescription } from "../../ui/name_filter";
import { type UserGroup, useUserGroups } from "./api";
import { UserLayout } from "./UserLayout";

const USER_GROUPS_EMPTY = "No groups assigned to this user.";
const USER_GROUPS_NO_MATCH = "No groups found matching your search.";

export default function UserGroupsPage() {
  return <UserLayout tab="Groups">{(user) => <UserGroups userId={user.id} />}</UserLayout>;
}

function UserGroups({ userId }: { userId: number }) {
  const groups = useUserGroups(userId);
  useFailureToast(groups.error, "Failed to fetch groups");
  const [search, setSearch] = useState("");
  const shown = filterByNameOrDescription(groups.data ?? [], search);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, justifyContent: "space-between" }}>
        <SearchField value={search} onChange={setSearch} placeholder="Search groups..." sx={{ flex: "1 1 220px", maxWidth: 420 }} />
        <Button component={RouterLink} to="/dash/groups" variant="outlined" color="neutral">Manage Groups</Button>
      </Box>
      {groups.isPending && userId > 0
        ? <Typography role="status">Loading groups...</Typography>
        : shown.length === 0
        ? <EmptyState>{search.trim() ? USER_GROUPS_NO_MATCH : USER_GROUPS_EMPTY}</EmptyState>
        : (
          <Box component="ul" aria-label="Groups" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
            {shown.map((group) => <GroupItem key={group.id} group={group} />)}
          </Box>
        )}
    </Box>
  );
}

function GroupItem({ group }: { group: UserGroup }) {
  const [open, setOpen] = useState(false);
  const roomsId = useId();
  return (
    <Sheet component="li" variant="outlined" sx={{ borderRadius: "sm", p: 2, display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Link component={RouterLink} to={`/dash/groups/${group.id}`} level="title-md">{group.name}</Link>
            <StatusChip active={group.isActive} />
          </Box>
          {group.description && <Typography level="body-sm">{group.description}</Typography>}
        </Box>
        <Button
          size="sm"
          variant="plain"
          aria-expanded={open}
          aria-controls={roomsId}
          endDecorator={
            <Box component="span" sx={{ display: "inline-flex", transform: open ? "rotate(180deg)" : "none", transition: "transform 150ms" }}>
              <ChevronDownIcon size={16} />
            </Box>
          }
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide Rooms" : "Show Rooms"}
        </Button>
      </Box>
      <div id={roomsId}>{open && <GroupRooms groupId={group.id} />}</div>
    </Sheet>
  );
}

/** The group's rooms; a failed read (the group's rooms unknown) shows as none. */
function GroupRooms({ groupId }: { groupId: number }) {
  const rooms = useGroupRooms(groupId);
  if (rooms.isPending) return <Typography level="body-sm" role="status">Loading rooms...</Typography>;
  const list = rooms.data ?? [];
  if (list.length === 0) {
    return <Typography level="body-sm" textColor="text.secondary">No rooms in this group.</Typography>;
  }
  return (
    <List size="sm" aria-label="Rooms" sx={{ "--ListItem-paddingX": 0 }}>
      {list.map((room) => (
        <ListItem key={room.id} sx={{ gap: 1 }}>
          <Link component={RouterLink} to={`/dash/room/${room.id}`} level="body-sm">{room.name}</Link>
          {!room.isActive && <StatusChip active={false} />}
          {room.description && (
            <Typography level="body-xs" textColor="text.secondary" noWrap>{room.description}</Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}
