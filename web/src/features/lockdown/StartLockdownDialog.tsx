// Start Lockdown (spec 3 §2): all rooms or selected rooms (picked with the
// app's picker pieces: a search, the rooms to add, the rooms chosen), a reason
// (required, at most 200 characters) and the red Start Lockdown button. Sent
// straight to the server, never queued: offline it cannot be sent at all.
import { useId, useMemo, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Radio from "@mui/joy/Radio";
import RadioGroup from "@mui/joy/RadioGroup";
import Stack from "@mui/joy/Stack";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { byName } from "../../api/by_name";
import { type Room, useRooms } from "../../api/rooms";
import { useOnline } from "../../offline/use_outbox";
import { Form } from "../../ui/Form";
import { matchesName } from "../../ui/name_filter";
import { NamedPickerList, PickerBody } from "../../ui/PickerDialog";
import { useDetailsForm } from "../../ui/DetailsForm";
import { doneToast } from "../../ui/toast/change_toasts";
import { useStartLockdown } from "./api";
import { LOCKDOWN_MESSAGES as M, lockdownBody, type LockdownForm, lockdownProblem, REASON_MAX } from "./lockdown_rules";

const EMPTY: LockdownForm = { scope: "all", roomIds: [], reason: "" };

export function StartLockdownDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const online = useOnline();
  // The app's form of fields, problem and refusal (a problem found is also toasted,
  // 'Validation Error', as on every form); the dialog starts empty each time.
  const { form, set, problem, refused, card } = useDetailsForm(EMPTY, lockdownProblem);
  const start = useStartLockdown();
  const { onSubmit, onReset } = card(() =>
    start.mutate(lockdownBody(form), {
      onSuccess: () => {
        doneToast(M.started);
        close();
      },
      // Also in the dialog: while it is open, the toast is hidden from assistive technology.
      onError: refused(M.startFailed),
    })
  );
  const close = () => {
    onReset();
    onClose();
  };
  const submit = () => {
    if (!start.isPending && online) onSubmit();
  };

  return (
    <Modal open={open} onClose={start.isPending ? undefined : close}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))", overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={start.isPending} />
        <DialogTitle id={titleId} component="h2">Start Lockdown</DialogTitle>
        <Form onSubmit={submit}>
          <Stack spacing={1.5}>
            <RadioGroup
              name="lockdown-scope"
              aria-label="Rooms to lock down"
              orientation="horizontal"
              value={form.scope}
              onChange={(event) => set({ scope: event.target.value === "rooms" ? "rooms" : "all" })}
            >
              <Radio value="all" label="All rooms" />
              <Radio value="rooms" label="Selected rooms" />
            </RadioGroup>
            {form.scope === "rooms" && <RoomChoice chosen={form.roomIds} onChange={(roomIds) => set({ roomIds })} />}
            <FormControl required>
              <FormLabel>Reason</FormLabel>
              <Textarea
                name="reason"
                minRows={2}
                value={form.reason}
                onChange={(event) => set({ reason: event.target.value })}
              />
              <FormHelperText>{form.reason.trim().length}/{REASON_MAX}</FormHelperText>
            </FormControl>
            {problem && <Typography role="alert" color="danger" level="body-sm">{problem}</Typography>}
            {!online && <Typography role="status" level="body-sm" color="warning">{M.needsConnection}</Typography>}
          </Stack>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" color="danger" disabled={start.isPending || !online}>
              {start.isPending ? "Starting..." : "Start Lockdown"}
            </Button>
            <Button variant="plain" color="neutral" disabled={start.isPending} onClick={close}>Cancel</Button>
          </DialogActions>
        </Form>
      </ModalDialog>
    </Modal>
  );
}

/** The rooms chosen (each with Remove), then the active rooms still to add, searched by name. */
function RoomChoice({ chosen, onChange }: { chosen: number[]; onChange: (roomIds: number[]) => void }) {
  const rooms = useRooms();
  const [search, setSearch] = useState("");
  const sorted = useMemo(() => [...(rooms.data ?? [])].sort(byName), [rooms.data]);
  const picked = new Set(chosen);
  const chosenRooms = sorted.filter((room) => picked.has(room.id));
  const shown = sorted.filter((room) => room.isActive && !picked.has(room.id) && matchesName(room, search, false));
  const add = (room: Room) => onChange([...chosen, room.id].sort((a, b) => a - b));
  const remove = (room: Room) => onChange(chosen.filter((id) => id !== room.id));

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      {chosenRooms.length > 0 && <NamedPickerList label="Chosen rooms" items={chosenRooms} verb="Remove" onPick={remove} />}
      <PickerBody
        search={{ value: search, onChange: setSearch, placeholder: "Search rooms by name..." }}
        loading={rooms.isPending}
        loadingText="Loading rooms..."
        emptyText={shown.length === 0 ? "No rooms found matching your search." : null}
      >
        <NamedPickerList label="Rooms to add" items={shown} verb="Add" onPick={add} />
      </PickerBody>
    </Box>
  );
}
