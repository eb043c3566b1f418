// "Add Users" to a group (spec 1 §2): search users by name or e-mail; only
// active users who are not members yet are listed, each with "Add". The list
// is windowed, so it stays smooth with 10,000 users.
import { useDeferredValue, useId, useMemo, useState } from "react";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Typography from "@mui/joy/Typography";
import { initials } from "../../api/user_display";
import { EmptyState } from "../../ui/EmptyState";
import { SearchField } from "../../ui/SearchField";
import { WindowedList } from "../../ui/Windowed";
import { type User, useUsers } from "../users/api";
import { userLabel } from "../users/user_filter";
import type { Group, Member } from "./api";
import { useAddMember } from "./changes";
import { pickableUsers } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { done, failed } from "./group_toasts";

type Props = { group: Group; members: Member[]; open: boolean; onClose: () => void };

const ROW_HEIGHT = 64;

export function AddUsersDialog({ group, members, open, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id={titleId} component="h2">Add Users</DialogTitle>
        {open && <Picker group={group} members={members} />}
      </ModalDialog>
    </Modal>
  );
}

function Picker({ group, members }: Pick<Props, "group" | "members">) {
  const users = useUsers();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const memberIds = useMemo(() => new Set(members.map((m) => m.id)), [members]);
  const shown = useMemo(() => pickableUsers(users.data ?? [], memberIds, deferred), [users.data, memberIds, deferred]);
  const add = useAddMember({
    onSuccess: (result) => done(M.userAdded, result),
    onError: (error) => failed(M.addFailed, error),
  });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, minHeight: 0 }}>
      <SearchField value={search} onChange={setSearch} placeholder="Search users by name or email..." autoFocus />
      {users.isPending
        ? <Typography role="status">Loading users...</Typography>
        : shown.length === 0
        ? <EmptyState>No users found matching your search.</EmptyState>
        : (
          <WindowedList
            items={shown}
            rowHeight={ROW_HEIGHT}
            label="Users to add"
            maxHeight="min(420px, calc(100dvh - 260px))"
            getKey={(u) => u.id}
            renderItem={(user: User) => (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, height: ROW_HEIGHT - 8, px: 0.5 }}>
                <Avatar size="sm" aria-hidden="true">{initials(user)}</Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography level="title-sm" noWrap>{userLabel(user)}</Typography>
                  <Typography level="body-xs" noWrap>{user.email}</Typography>
                </Box>
                <Button
                  size="sm"
                  variant="soft"
                  aria-label={`Add ${userLabel(user)}`}
                  onClick={() => add.mutate({ group, user })}
                >
                  Add
                </Button>
              </Box>
            )}
          />
        )}
    </Box>
  );
}
