// /dash/groups/{id}/users (spec 1 §2): the members (NAME, EMAIL, ACTIONS),
// searched by name or e-mail; "Add Users"; removing a member asks first.
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { PlusIcon } from "../../ui/icons";
import { PendingChip } from "../../ui/PendingChip";
import { SearchField } from "../../ui/SearchField";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { AddUsersDialog } from "./AddUsersDialog";
import { type Group, type Member, useGroupUsers } from "./api";
import { memberName, useRemoveMember } from "./changes";
import { filterMembers, MEMBERS_EMPTY, MEMBERS_NO_MATCH, removeMemberText } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { GroupLayout } from "./GroupLayout";
import { done, failed } from "./group_toasts";

export default function GroupUsersPage() {
  return <GroupLayout tab="Users">{(group) => <Members group={group} />}</GroupLayout>;
}

function Members({ group }: { group: Group }) {
  const members = useGroupUsers(group.id);
  useFailureToast(members.error, "Failed to fetch group users");
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember({
    onSuccess: (result) => {
      done(M.userRemoved, result);
      setRemoving(null);
    },
    onError: (error) => {
      failed(M.removeFailed, error);
      setRemoving(null);
    },
  });
  const all = members.data ?? [];
  const shown = filterMembers(all, search);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, justifyContent: "space-between" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder="Search users..."
          label="Search members by name or email"
          sx={{ flex: "1 1 220px", maxWidth: 420 }}
        />
        <Button startDecorator={<PlusIcon size={18} />} onClick={() => setAdding(true)}>Add Users</Button>
      </Box>
      {members.isPending && group.id > 0
        ? <Typography role="status">Loading users...</Typography>
        : shown.length === 0
        ? <EmptyState>{members.isError ? "Failed to fetch group users" : search.trim() ? MEMBERS_NO_MATCH : MEMBERS_EMPTY}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Members" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((m) => (
              <Sheet component="li" key={m.id} variant="outlined" sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "center" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <MemberName member={m} />
                  <Typography level="body-sm" noWrap>{m.email}</Typography>
                </Box>
                <RemoveButton member={m} onRemove={setRemoving} />
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Members" sx={{ tableLayout: "fixed" }}>
              <thead>
                <tr>
                  <th scope="col" style={{ width: "40%" }}>NAME</th>
                  <th scope="col" style={{ width: "40%" }}>EMAIL</th>
                  <th scope="col" style={{ width: "20%", textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((m) => (
                  <tr key={m.id}>
                    <td><MemberName member={m} /></td>
                    <td style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{m.email}</td>
                    <td style={{ textAlign: "right" }}><RemoveButton member={m} onRemove={setRemoving} /></td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}

      <AddUsersDialog group={group} members={all} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove User"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ group, user: removing })}
        onClose={() => setRemoving(null)}
      >
        {removing && removeMemberText(memberName(removing))}
      </ConfirmDialog>
    </Box>
  );
}

function MemberName({ member }: { member: Member }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Link component={RouterLink} to={`/dash/user/${member.id}`} level="title-sm" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {memberName(member)}
      </Link>
      {!member.isActive && <StatusChip active={false} />}
      <PendingChip entity={`users/${member.id}`} />
    </Box>
  );
}

function RemoveButton({ member, onRemove }: { member: Member; onRemove: (m: Member) => void }) {
  return (
    <Button size="sm" variant="plain" color="danger" aria-label={`Remove ${memberName(member)}`} onClick={() => onRemove(member)}>
      Remove
    </Button>
  );
}
