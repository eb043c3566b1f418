// /dash/groups (spec 1 §2): search by name or description, "Show Deactivated",
// "Add Group", and per group NAME, STATUS, USERS, ROOMS and an actions menu
// (View Details, Deactivate or Reactivate Group, Delete Group). Cards on phones.
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Dropdown from "@mui/joy/Dropdown";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Menu from "@mui/joy/Menu";
import MenuButton from "@mui/joy/MenuButton";
import MenuItem from "@mui/joy/MenuItem";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { MoreIcon, PlusIcon } from "../../ui/icons";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { PendingChip } from "../../ui/PendingChip";
import { allRowsLabel } from "../../ui/range_label";
import { SearchField } from "../../ui/SearchField";
import { ShowDeactivatedSwitch } from "../../ui/ShowDeactivatedSwitch";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { AddGroupDialog } from "./AddGroupDialog";
import { type Group, useGroups } from "./api";
import { useDeleteGroup, useToggleGroup } from "./changes";
import { filterGroups, GROUPS_EMPTY } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { done, failed, toggleToasts } from "./group_toasts";

export default function GroupsPage() {
  usePageMeta("Groups");
  const groups = useGroups();
  useFailureToast(groups.error, "Failed to fetch groups with counts");
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const [showDeactivated, setShowDeactivated] = useState(false);
  const [adding, setAdding] = useState(false);
  const shown = filterGroups(groups.data ?? [], search, showDeactivated);

  return (
    <PageBody>
      <PageHeader
        title="Groups"
        actions={<Button startDecorator={<PlusIcon size={18} />} onClick={() => setAdding(true)}>Add Group</Button>}
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder="Search groups..."
          label="Search groups by name or description"
          sx={{ flex: "1 1 240px", maxWidth: 420 }}
        />
        <ShowDeactivatedSwitch checked={showDeactivated} onChange={setShowDeactivated} />
      </Box>

      {groups.isPending
        ? <Typography role="status">Loading groups...</Typography>
        : shown.length === 0
        ? <EmptyState>{groups.isError && !groups.data ? "Failed to fetch groups with counts" : GROUPS_EMPTY}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Groups" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((group) => (
              <Sheet component="li" key={group.id} variant="outlined" sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "flex-start" }}>
                <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
                  <GroupName group={group} />
                  {group.description && <Typography level="body-sm" noWrap>{group.description}</Typography>}
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <StatusChip active={group.isActive} />
                    <Typography level="body-xs">{group.userCount} users · {group.roomCount} rooms</Typography>
                  </Box>
                </Box>
                <GroupMenu group={group} />
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Groups" sx={{ tableLayout: "fixed", minWidth: 560 }}>
              <thead>
                <tr>
                  <th scope="col" style={{ width: "46%" }}>NAME</th>
                  <th scope="col" style={{ width: "16%" }}>STATUS</th>
                  <th scope="col" style={{ width: "12%" }}>USERS</th>
                  <th scope="col" style={{ width: "12%" }}>ROOMS</th>
                  <th scope="col" style={{ width: "14%", textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((group) => (
                  <tr key={group.id}>
                    <td>
                      <GroupName group={group} />
                      {group.description && (
                        <Typography level="body-xs" textColor="text.secondary" noWrap>{group.description}</Typography>
                      )}
                    </td>
                    <td><StatusChip active={group.isActive} /></td>
                    <td>{group.userCount}</td>
                    <td>{group.roomCount}</td>
                    <td style={{ textAlign: "right" }}><GroupMenu group={group} /></td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}
      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(shown.length)}</Typography>
      <AddGroupDialog open={adding} onClose={() => setAdding(false)} />
    </PageBody>
  );
}

function GroupName({ group }: { group: Group }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Link component={RouterLink} to={`/dash/groups/${group.id}`} level="title-sm" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {group.name}
      </Link>
      <PendingChip entity={`groups/${group.id}`} />
    </Box>
  );
}

function GroupMenu({ group }: { group: Group }) {
  const navigate = useNavigate();
  const toggle = useToggleGroup(toggleToasts);
  const remove = useDeleteGroup({
    onSuccess: (result) => done(M.deleted, result),
    onError: (error) => failed(M.deleteFailed, error),
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
