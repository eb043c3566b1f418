// /dash/groups/{id}/rooms (spec 2 §2): the group's rooms searched by name,
// 'Add Rooms' (a picker of active rooms not in the group, searched by name in
// any case) and Remove after a confirmation. The header and tabs are the
// group's (GroupLayout).
import { useId, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import DialogTitle from "@mui/joy/DialogTitle";
import Link from "@mui/joy/Link";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { HeldItemsList } from "../../ui/HeldItemsList";
import { PendingChip } from "../../ui/PendingChip";
import { SearchField } from "../../ui/SearchField";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { type Room, useRooms } from "../rooms/api";
import { doneToast, errorToast, toastThenClose } from "../rooms/change_toasts";
import { useAddGroupRoom, useRemoveGroupRoom } from "../rooms/group_room_changes";
import { filterByName, pickableRooms, removeGroupRoomConfirmation, ROOM_MESSAGES as M } from "../rooms/room_rules";
import { type Group, useGroupRooms } from "./api";
import { GroupLayout } from "./GroupLayout";

export default function GroupRoomsPage() {
  return <GroupLayout tab="Rooms">{(group) => <GroupRooms group={group} />}</GroupLayout>;
}

function GroupRooms({ group }: { group: Group }) {
  const rooms = useGroupRooms(group.id);
  useFailureToast(rooms.error, M.groupRoomsFetchFailed);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Room | null>(null);
  const remove = useRemoveGroupRoom(
    toastThenClose(M.groupRoomRemoved, M.groupRoomRemoveFailed, () => setRemoving(null)),
  );
  const all = (rooms.data ?? []) as Room[];

  return (
    <HeldItemsList
      label="Group rooms"
      items={all}
      loading={rooms.isPending && group.id > 0}
      loadingText="Loading rooms..."
      emptyText={() => (rooms.isError ? M.groupRoomsFetchFailed : M.groupRoomsEmpty)}
      search={{ placeholder: "Search rooms...", label: "Search the group's rooms by name", filter: filterByName }}
      add={{ label: "Add Rooms", onClick: () => setAdding(true) }}
      columns={[{ header: "ROOM", width: "75%", cell: (room) => <RoomName room={room} /> }]}
      actionsWidth="25%"
      card={(room) => <RoomName room={room} />}
      nameOf={(room) => room.name}
      removing={removing}
      setRemoving={setRemoving}
      removal={{
        title: "Remove Room",
        busy: remove.isPending,
        text: (room) => removeGroupRoomConfirmation(room.name, group.name),
        confirm: (room) => remove.mutate({ group, room }),
      }}
    >
      <AddRoomsDialog group={group} groupRooms={all} open={adding} onClose={() => setAdding(false)} />
    </HeldItemsList>
  );
}

function RoomName({ room }: { room: Room }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Link component={RouterLink} to={`/dash/room/${room.id}`} level="title-sm" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {room.name}
      </Link>
      {!room.isActive && <StatusChip active={false} />}
      <PendingChip entity={`rooms/${room.id}`} />
    </Box>
  );
}

type AddProps = { group: Group; groupRooms: Room[]; open: boolean; onClose: () => void };

function AddRoomsDialog({ group, groupRooms, open, onClose }: AddProps) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id={titleId} component="h2">Add Rooms</DialogTitle>
        {open && <RoomPicker group={group} groupRooms={groupRooms} />}
      </ModalDialog>
    </Modal>
  );
}

function RoomPicker({ group, groupRooms }: Pick<AddProps, "group" | "groupRooms">) {
  const rooms = useRooms();
  useFailureToast(rooms.error, M.listFetchFailed);
  const [search, setSearch] = useState("");
  // Said inside the dialog too: while it is open the page's toasts are hidden from screen readers.
  const [said, setSaid] = useState("");
  const inGroup = useMemo(() => new Set(groupRooms.map((r) => r.id)), [groupRooms]);
  const shown = pickableRooms(rooms.data ?? [], inGroup, search);
  const add = useAddGroupRoom({
    onSuccess: (result, vars) => {
      doneToast(M.groupRoomAdded, result);
      setSaid(`${vars.room.name} added to the group.`);
    },
    onError: (error) => errorToast(error, M.groupRoomAddFailed),
  });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, minHeight: 0 }}>
      <SearchField value={search} onChange={setSearch} placeholder="Search rooms by name..." autoFocus />
      <Typography role="status" level="body-sm" textColor="success.plainColor" sx={{ minHeight: "1.25em" }}>{said}</Typography>
      {rooms.isPending
        ? <Typography role="status">Loading rooms...</Typography>
        : shown.length === 0
        ? <EmptyState>{M.groupRoomsEmpty}</EmptyState>
        : (
          <Sheet variant="plain" sx={{ overflowY: "auto", maxHeight: "min(420px, calc(100dvh - 260px))" }}>
            <Box component="ul" aria-label="Rooms to add" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
              {shown.map((room) => (
                <Box component="li" key={room.id} sx={{ display: "flex", alignItems: "center", gap: 1.25, px: 0.5 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography level="title-sm" noWrap>{room.name}</Typography>
                    {room.description && <Typography level="body-xs" noWrap>{room.description}</Typography>}
                  </Box>
                  <Button size="sm" variant="soft" aria-label={`Add ${room.name}`} onClick={() => add.mutate({ group, room })}>
                    Add
                  </Button>
                </Box>
              ))}
            </Box>
          </Sheet>
        )}
    </Box>
  );
}
