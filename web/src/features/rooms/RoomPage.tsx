// /dash/room/{id} and /dash/room/{id}/utilization (spec 2 §2): one screen. The
// Overview edits Room Name* and Description and holds the Danger Zone; the
// Utilization tab (only with a density device) is its own lazily loaded part.
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link as RouterLink, Navigate, useLocation, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { DangerZone } from "../../ui/DangerZone";
import type { Room } from "./api";
import { useDeleteRoom, useToggleRoom, useUpdateRoom } from "./changes";
import { doneToast, errorToast, validationToast } from "./change_toasts";
import { RoomLayout } from "./RoomLayout";
import { deleteRoomConfirmation, type NewRoomForm, ROOM_MESSAGES as M, roomEditProblem } from "./room_rules";

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
            <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
              <RoomDetails key={`${room.id}:${room.updatedAt}`} room={room} />
              <RoomDangerZone room={room} />
            </Box>
          )}
    </RoomLayout>
  );
}

function RoomDetails({ room }: { room: Room }) {
  const initial: NewRoomForm = { name: room.name, description: room.description ?? "" };
  const [form, setForm] = useState<NewRoomForm>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateRoom({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => errorToast(error, M.updateFailed),
  });
  const changed = form.name !== initial.name || form.description !== initial.description;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = roomEditProblem(form);
    setProblem(found);
    if (found) return validationToast(found);
    update.mutate({ room, form });
  }

  return (
    <Card component="section" aria-labelledby="room-details" sx={{ gap: 2 }}>
      <Typography id="room-details" level="title-lg" component="h2">Room Details</Typography>
      <form onSubmit={onSubmit} noValidate>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <FormControl required error={Boolean(problem)}>
            <FormLabel>Room Name</FormLabel>
            <Input
              name="name"
              value={form.name}
              onChange={(e) => {
                setForm((f) => ({ ...f, name: e.target.value }));
                setProblem(null);
              }}
            />
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
          <FormControl>
            <FormLabel>Description</FormLabel>
            <Textarea
              name="description"
              minRows={3}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          </FormControl>
        </Box>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mt: 2, flexWrap: "wrap" }}>
          <Button component={RouterLink} to={`/dash/room/${room.id}/sensor`} variant="plain" size="sm">Sensor Overview</Button>
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="plain" color="neutral" disabled={!changed || update.isPending} onClick={() => {
              setForm(initial);
              setProblem(null);
            }}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed || update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </Box>
        </Box>
      </form>
    </Card>
  );
}

function RoomDangerZone({ room }: { room: Room }) {
  const navigate = useNavigate();
  const toggle = useToggleRoom({
    onSuccess: (result, vars) => doneToast(vars.isActive ? M.deactivated : M.activated, result),
    onError: (error) => errorToast(error, M.toggleFailed),
  });
  const remove = useDeleteRoom({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      navigate("/dash/rooms");
    },
    onError: (error) => errorToast(error, M.deleteFailed),
  });
  const busy = toggle.isPending || remove.isPending;

  return (
    <DangerZone
      labelId="danger-zone"
      active={room.isActive}
      busy={busy}
      toggle={{
        title: room.isActive ? "Deactivate Room" : "Reactivate Room",
        text: room.isActive
          ? "Deactivating this room disables all access controls for the room."
          : "Reactivating this room enables all access controls for the room.",
        label: toggle.isPending ? "Processing..." : room.isActive ? "Deactivate Room" : "Reactivate Room",
        onClick: () => toggle.mutate(room),
      }}
      remove={{
        title: "Delete Room",
        text: "Once you delete a room, there is no going back. Please be certain.",
        label: remove.isPending ? "Deleting..." : "Delete Room",
        onClick: () => {
          if (window.confirm(deleteRoomConfirmation(room.name))) remove.mutate(room);
        },
      }}
    />
  );
}
