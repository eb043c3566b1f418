// "Add Users" to a group (spec 1 §2): search users by name or e-mail; only
// active users who are not members yet are listed, each with "Add". The list
// is windowed, so it stays smooth with 10,000 users.
import { useDeferredValue, useMemo } from "react";
import type { Group } from "../../api/groups";
import { type User, useUsers } from "../../api/users";
import { initials, userLabel } from "../../api/user_display";
import { PICKER_LIST_HEIGHT, PickerBody, pickerDialog, PickerRow, usePicker } from "../../ui/PickerDialog";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { WindowedList } from "../../ui/Windowed";
import type { Member } from "./api";
import { useAddMember } from "./changes";
import { pickableUsers } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";

const ROW_HEIGHT = 64;

export const AddUsersDialog = pickerDialog("Add Users", Picker);

function Picker({ group, members }: { group: Group; members: Member[] }) {
  const users = useUsers();
  const { search, setSearch } = usePicker();
  const deferred = useDeferredValue(search);
  const memberIds = useMemo(() => new Set(members.map((m) => m.id)), [members]);
  const shown = useMemo(() => pickableUsers(users.data ?? [], memberIds, deferred), [users.data, memberIds, deferred]);
  const add = useAddMember({
    onSuccess: (result) => doneToast(M.userAdded, result),
    onError: (error) => failedToast(M.addFailed, error),
  });

  return (
    <PickerBody
      search={{ value: search, onChange: setSearch, placeholder: "Search users by name or email..." }}
      loading={users.isPending}
      loadingText="Loading users..."
      emptyText={shown.length === 0 ? "No users found matching your search." : null}
    >
      <WindowedList
        items={shown}
        rowHeight={ROW_HEIGHT}
        label="Users to add"
        maxHeight={PICKER_LIST_HEIGHT}
        getKey={(u) => u.id}
        renderItem={(user: User) => (
          <PickerRow
            component="div"
            height={ROW_HEIGHT - 8}
            initials={initials(user)}
            title={userLabel(user)}
            subtitle={user.email}
            action={{ label: "Add", name: `Add ${userLabel(user)}`, onClick: () => add.mutate({ group, user }) }}
          />
        )}
      />
    </PickerBody>
  );
}
