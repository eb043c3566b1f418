// A group's "Add Rooms" (spec 2 §2): active rooms not in the group yet,
// searched by name in any case, each with Add; the dialog stays open for more.
import { useMemo } from "react";
import type { Group, GroupRoom } from "../../api/groups";
import { useRooms } from "../../api/rooms";
import { NamedPickerList, pickerDialog, PickerBody, usePicker } from "../../ui/PickerDialog";
import { useFailureToast } from "../../ui/use_failure_toast";
import { pickableRooms } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { useAddGroupRoom } from "./group_room_changes";

export const AddRoomsDialog = pickerDialog("Add Rooms", RoomPicker);

function RoomPicker({ group, groupRooms }: { group: Group; groupRooms: GroupRoom[] }) {
  const rooms = useRooms();
  useFailureToast(rooms.error, M.roomListFetchFailed);
  const { search, setSearch, said, pickToasts } = usePicker();
  const inGroup = useMemo(() => new Set(groupRooms.map((r) => r.id)), [groupRooms]);
  const shown = pickableRooms(rooms.data ?? [], inGroup, search);
  const add = useAddGroupRoom(pickToasts(M.roomAdded, M.roomAddFailed, ({ room }) => `${room.name} added to the group.`));

  return (
    <PickerBody
      search={{ value: search, onChange: setSearch, placeholder: "Search rooms by name..." }}
      said={said}
      loading={rooms.isPending}
      loadingText="Loading rooms..."
      emptyText={shown.length === 0 ? M.roomsEmpty : null}
    >
      <NamedPickerList label="Rooms to add" items={shown} verb="Add" onPick={(room) => add.mutate({ group, room })} />
    </PickerBody>
  );
}
