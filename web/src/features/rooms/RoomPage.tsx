// /dash/room/{id} and /dash/room/{id}/utilization (spec 2 §2): one screen. The
// Overview edits Room Name* and Description and holds the Door Schedule card
// (spec 3 §1) and the Danger Zone; the
// Utilization tab (only with a density device) is its own lazily loaded part.
import { lazy, Suspense } from "react";
import { Link as RouterLink, Navigate, useLocation, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Typography from "@mui/joy/Typography";
import { DangerZone, type DangerTexts } from "../../ui/DangerZone";
import { DetailsForm, useDetailsForm } from "../../ui/DetailsForm";
import { NameField } from "../../ui/NameField";
import { OverviewGrid } from "../../ui/OverviewGrid";
import type { Room } from "../../api/rooms";
import { useDeleteRoom, useToggleRoom, useUpdateRoom } from "./changes";
import { deleteToasts, doneToast, errorToast, switchToasts } from "../../ui/toast/change_toasts";
import { DoorScheduleCard } from "./DoorScheduleCard";
import { RoomLayout } from "./RoomLayout";
import { deleteRoomConfirmation, type NewRoomForm, ROOM_MESSAGES as M, roomEditProblem } from "./room_rules";
import { DescriptionField } from "../../ui/DescriptionField";

// The Utilization tab (and its charts) loads only when it is opened.
const UtilizationTab = lazy(() => import("./UtilizationTab"));

export default function RoomPage() {
  const utilization = useLocation().pathname.endsWith("/utilization");
  return (
    <RoomLayout tab={utilization ? "Utilization" : "Overview"}>
      {(room) =>
        utilization
          ? room.hasDashboard
            ? (
              <Suspense fallback={<Typography role="status">Loading utilization...</Typography>}>
                <UtilizationTab room={room} />
              </Suspense>
            )
            : <Navigate to={`/dash/room/${room.id}`} replace />
          : (
            <OverviewGrid
              main={<RoomDetails key={`${room.id}:${room.updatedAt}`} room={room} />}
              side={
                <>
                  <DoorScheduleCard room={room} />
                  <RoomDangerZone room={room} />
                </>
              }
            />
          )}
    </RoomLayout>
  );
}

function RoomDetails({ room }: { room: Room }) {
  const saved: NewRoomForm = { name: room.name, description: room.description ?? "" };
  const { form, setForm, set, problem, card } = useDetailsForm(saved, roomEditProblem);
  const update = useUpdateRoom({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => errorToast(error, M.updateFailed),
  });

  return (
    <DetailsForm
      title="Room Details"
      busy={update.isPending}
      changed={form.name !== saved.name || form.description !== saved.description}
      {...card(() => update.mutate({ room, form }))}
      aside={<Button component={RouterLink} to={`/dash/room/${room.id}/sensor`} variant="plain" size="sm">Sensor Overview</Button>}
    >
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        <NameField label="Room Name" input={{ name: "name", autoFocus: false }} problem={problem} value={form.name} onChange={(name) => set({ name })} />
        {/* The description is not what a problem is about: editing it leaves the problem shown. */}
        <DescriptionField value={form.description} onChange={(description) => setForm((f) => ({ ...f, description }))} />
      </Box>
    </DetailsForm>
  );
}

const ROOM_DANGER: DangerTexts = {
  active: "Deactivating this room disables all access controls for the room.",
  inactive: "Reactivating this room enables all access controls for the room.",
  remove: "Once you delete a room, there is no going back. Please be certain.",
};

function RoomDangerZone({ room }: { room: Room }) {
  const navigate = useNavigate();
  const toggle = useToggleRoom(switchToasts(M));
  const remove = useDeleteRoom(deleteToasts(M, { done: () => navigate("/dash/rooms") }));
  return (
    <DangerZone kind="Room" item={room} onWord="Reactivate" texts={ROOM_DANGER} toggle={toggle} remove={remove} confirm={deleteRoomConfirmation(room.name)} />
  );
}
