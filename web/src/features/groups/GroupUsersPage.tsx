// /dash/groups/{id}/users (spec 1 §2): the members (NAME, EMAIL, ACTIONS),
// searched by name or e-mail; "Add Users"; removing a member asks first.
import { useState } from "react";
import Typography from "@mui/joy/Typography";
import { HeldItemsList } from "../../ui/HeldItemsList";
import { NameLink } from "../../ui/NameLink";
import { useFailureToast } from "../../ui/use_failure_toast";
import { AddUsersDialog } from "./AddUsersDialog";
import type { Group } from "../../api/groups";
import { type Member, useGroupUsers } from "./api";
import { useRemoveMember } from "./changes";
import { userLabel } from "../../api/user_display";
import { filterMembers, MEMBERS_EMPTY, MEMBERS_NO_MATCH, removeMemberText } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { GroupLayout } from "./GroupLayout";
import { toastThenClose } from "../../ui/toast/change_toasts";

export default function GroupUsersPage() {
  return <GroupLayout tab="Users">{(group) => <Members group={group} />}</GroupLayout>;
}

function Members({ group }: { group: Group }) {
  const members = useGroupUsers(group.id);
  useFailureToast(members.error, "Failed to fetch group users");
  const [adding, setAdding] = useState(false);
  const remove = useRemoveMember(toastThenClose(M.userRemoved, { title: M.removeFailed, fallback: M.removeFailed }));
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
      nameOf={userLabel}
      removal={{
        title: "Remove User",
        busy: remove.isPending,
        text: (m) => removeMemberText(userLabel(m)),
        confirm: (user, settled) => remove.mutate({ group, user }, { onSettled: settled }),
      }}
    >
      <AddUsersDialog group={group} members={all} open={adding} onClose={() => setAdding(false)} />
    </HeldItemsList>
  );
}

function MemberName({ member }: { member: Member }) {
  return <NameLink to={`/dash/user/${member.id}`} name={userLabel(member)} pending={`users/${member.id}`} active={member.isActive} />;
}
