// /dash/groups/{id}/users (spec 1 §2): the members (NAME, EMAIL, ACTIONS),
// searched by name or e-mail; "Add Users"; removing a member asks first.
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { HeldItemsList } from "../../ui/HeldItemsList";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
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

  return (
    <HeldItemsList
      label="Members"
      items={all}
      loading={members.isPending && group.id > 0}
      loadingText="Loading users..."
      emptyText={(search) =>
        members.isError ? "Failed to fetch group users" : search.trim() ? MEMBERS_NO_MATCH : MEMBERS_EMPTY}
      search={{ placeholder: "Search users...", label: "Search members by name or email", filter: filterMembers }}
      add={{ label: "Add Users", onClick: () => setAdding(true) }}
      columns={[
        { header: "NAME", width: "40%", cell: (m) => <MemberName member={m} /> },
        {
          header: "EMAIL",
          width: "40%",
          cell: (m) => m.email,
          style: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
        },
      ]}
      actionsWidth="20%"
      card={(m) => (
        <>
          <MemberName member={m} />
          <Typography level="body-sm" noWrap>{m.email}</Typography>
        </>
      )}
      nameOf={memberName}
      removing={removing}
      setRemoving={setRemoving}
      removal={{
        title: "Remove User",
        busy: remove.isPending,
        text: (m) => removeMemberText(memberName(m)),
        confirm: (user) => remove.mutate({ group, user }),
      }}
    >
      <AddUsersDialog group={group} members={all} open={adding} onClose={() => setAdding(false)} />
    </HeldItemsList>
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
