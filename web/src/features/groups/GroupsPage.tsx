// /dash/groups (spec 1 §2): search by name or description, "Show Deactivated",
// "Add Group", and per group NAME, STATUS, USERS, ROOMS and an actions menu
// (View Details, Deactivate or Reactivate Group, Delete Group). Cards on phones.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Dropdown from "@mui/joy/Dropdown";
import IconButton from "@mui/joy/IconButton";
import Menu from "@mui/joy/Menu";
import MenuButton from "@mui/joy/MenuButton";
import MenuItem from "@mui/joy/MenuItem";
import Typography from "@mui/joy/Typography";
import { type Group, useGroups } from "../../api/groups";
import { MoreIcon } from "../../ui/icons";
import { ListPage, listStateOf, useListFilters } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { filterByNameOrDescription } from "../../ui/name_filter";
import { usePageMeta } from "../../ui/page_meta";
import { NameLink } from "../../ui/NameLink";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { AddGroupDialog } from "./AddGroupDialog";
import { useDeleteGroup, useToggleGroup } from "./changes";
import { GROUPS_EMPTY } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { toggleToasts } from "./group_toasts";

export default function GroupsPage() {
  usePageMeta("Groups");
  const groups = useGroups();
  useFailureToast(groups.error, "Failed to fetch groups with counts");
  const [adding, setAdding] = useState(false);
  const { search, showDeactivated, controls } = useListFilters();
  const shown = filterByNameOrDescription(groups.data ?? [], search, showDeactivated);

  return (
    <ListPage
      title="Groups"
      add={{ label: "Add Group", onClick: () => setAdding(true) }}
      controls={controls}
      searchText={{ placeholder: "Search groups...", label: "Search groups by name or description" }}
      state={listStateOf(groups, shown.length, { loading: "Loading groups...", failed: "Failed to fetch groups with counts", empty: GROUPS_EMPTY })}
      rows={<ListView label="Groups" items={shown} card={(group) => <GroupCard group={group} />} columns={COLUMNS} tableSx={{ minWidth: 560 }} />}
    >
      <AddGroupDialog open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}

const COLUMNS: ListColumn<Group>[] = [
  {
    header: "NAME",
    width: "46%",
    cell: (group) => (
      <>
        <GroupName group={group} />
        {group.description && <Typography level="body-xs" textColor="text.secondary" noWrap>{group.description}</Typography>}
      </>
    ),
  },
  { header: "STATUS", width: "16%", cell: (group) => <StatusChip active={group.isActive} /> },
  { header: "USERS", width: "12%", cell: (group) => group.userCount },
  { header: "ROOMS", width: "12%", cell: (group) => group.roomCount },
  { header: "ACTIONS", width: "14%", cell: (group) => <GroupMenu group={group} />, style: { textAlign: "right" } },
];

function GroupCard({ group }: { group: Group }) {
  return (
    <>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
        <GroupName group={group} />
        {group.description && <Typography level="body-sm" noWrap>{group.description}</Typography>}
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <StatusChip active={group.isActive} />
          <Typography level="body-xs">{group.userCount} users · {group.roomCount} rooms</Typography>
        </Box>
      </Box>
      <GroupMenu group={group} />
    </>
  );
}

function GroupName({ group }: { group: Group }) {
  return <NameLink to={`/dash/groups/${group.id}`} name={group.name} pending={`groups/${group.id}`} />;
}

function GroupMenu({ group }: { group: Group }) {
  const navigate = useNavigate();
  const toggle = useToggleGroup(toggleToasts);
  const remove = useDeleteGroup({
    onSuccess: (result) => doneToast(M.deleted, result),
    onError: (error) => failedToast(M.deleteFailed, error),
  });
  return (
    <Dropdown>
      <MenuButton
        slots={{ root: IconButton }}
        slotProps={{ root: { size: "sm", variant: "plain", color: "neutral", "aria-label": `Actions for ${group.name}` } }}
      >
        <MoreIcon />
      </MenuButton>
      <Menu placement="bottom-end" size="sm">
        <MenuItem onClick={() => navigate(`/dash/groups/${group.id}`)}>View Details</MenuItem>
        <MenuItem disabled={toggle.isPending} onClick={() => toggle.mutate(group)}>
          {group.isActive ? "Deactivate Group" : "Reactivate Group"}
        </MenuItem>
        <MenuItem color="danger" disabled={remove.isPending} onClick={() => remove.mutate(group)}>Delete Group</MenuItem>
      </Menu>
    </Dropdown>
  );
}
