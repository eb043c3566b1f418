// /dash/groups/{id}/rooms (spec 2 §2, spec 3 §1): the group's rooms searched by
// name, each with its grant's SCHEDULE ("Always" or a schedule, changed at
// once), 'Add Rooms' (a picker of active rooms not in the group, searched by
// name in any case) and Remove after a confirmation. The header and tabs are
// the group's (GroupLayout).
import { useState } from "react";
import Box from "@mui/joy/Box";
import { type Group, type GroupRoom, useGroupRooms } from "../../api/groups";
import { HeldItemsList } from "../../ui/HeldItemsList";
import { filterByName } from "../../ui/name_filter";
import { NameLink } from "../../ui/NameLink";
import { toastThenClose } from "../../ui/toast/change_toasts";
import { useFailureToast } from "../../ui/use_failure_toast";
import { ScheduleSelect } from "../schedules/public";
import { AddRoomsDialog } from "./AddRoomsDialog";
import { removeGroupRoomConfirmation } from "./group_filter";
import { GROUP_MESSAGES as M } from "./group_forms";
import { GroupLayout } from "./GroupLayout";
import { useRemoveGroupRoom, useSetGrantSchedule } from "./group_room_changes";

export default function GroupRoomsPage() {
  return <GroupLayout tab="Rooms">{(group) => <GroupRooms group={group} />}</GroupLayout>;
}

function GroupRooms({ group }: { group: Group }) {
  const rooms = useGroupRooms(group.id);
  useFailureToast(rooms.error, M.roomsFetchFailed);
  const [adding, setAdding] = useState(false);
  const remove = useRemoveGroupRoom(toastThenClose(M.roomRemoved, M.roomRemoveFailed));
  const all = rooms.data ?? [];

  return (
    <HeldItemsList
      label="Group rooms"
      items={all}
      loading={rooms.isPending && group.id > 0}
      loadingText="Loading rooms..."
      emptyText={() => (rooms.isError ? M.roomsFetchFailed : M.roomsEmpty)}
      search={{ placeholder: "Search rooms...", label: "Search the group's rooms by name", filter: filterByName }}
      add={{ label: "Add Rooms", onClick: () => setAdding(true) }}
      columns={[
        { header: "ROOM", width: "45%", cell: (room) => <RoomName room={room} /> },
        { header: "SCHEDULE", width: "35%", cell: (room) => <GrantSchedule group={group} room={room} /> },
      ]}
      actionsWidth="20%"
      card={(room) => (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
          <RoomName room={room} />
          <GrantSchedule group={group} room={room} />
        </Box>
      )}
      nameOf={(room) => room.name}
      removal={{
        title: "Remove Room",
        busy: remove.isPending,
        text: (room) => removeGroupRoomConfirmation(room.name, group.name),
        confirm: (room, settled) => remove.mutate({ group, room }, { onSettled: settled }),
      }}
    >
      <AddRoomsDialog group={group} groupRooms={all} open={adding} onClose={() => setAdding(false)} />
    </HeldItemsList>
  );
}

function RoomName({ room }: { room: GroupRoom }) {
  return <NameLink to={`/dash/room/${room.id}`} name={room.name} pending={`rooms/${room.id}`} active={room.isActive} />;
}

/** When the group's members may open the room: at all times, or while a schedule is open. */
function GrantSchedule({ group, room }: { group: Group; room: GroupRoom }) {
  const change = useSetGrantSchedule(toastThenClose(M.grantScheduleUpdated, M.grantScheduleFailed));
  const value = room.scheduleId === null ? null : { id: room.scheduleId, name: room.scheduleName ?? "" };
  return (
    <ScheduleSelect
      label={`Schedule for ${room.name}`}
      noneLabel="Always"
      value={value}
      onChange={(schedule) => change.mutate({ group, room, schedule })}
      disabled={change.isPending}
      sx={{ maxWidth: 260 }}
    />
  );
}
