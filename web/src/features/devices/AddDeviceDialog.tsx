// "Add Device" (spec 2 §2, §5, §7): Device Name (required) and Device Type
// (sensor by default; Card Reader and Density Sensor for reader and density).
// The device gets a generated DEV id, its manufacturer by type, no room, and is
// active. On success its page opens (offline: its page from this device).
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Stack from "@mui/joy/Stack";
import { doneToast, errorToast } from "../rooms/change_toasts";
import type { DeviceType } from "./api";
import { useCreateDevice } from "./changes";
import { ADD_DEVICE_TYPES, DEVICE_MESSAGES as M } from "./device_rules";

export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const typeLabelId = useId();
  const [name, setName] = useState("");
  const [type, setType] = useState<DeviceType>("sensor");
  const close = () => {
    setName("");
    setType("sensor");
    onClose();
  };
  const create = useCreateDevice({
    onSuccess: (result) => {
      doneToast(M.created, result);
      close();
      if (result.id !== undefined) navigate(`/dash/device/${result.id}`);
    },
    onError: (error) => errorToast(error, M.createFailed),
  });
  const valid = name.trim() !== "";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || create.isPending) return;
    create.mutate({ name, type });
  }

  return (
    <Modal open={open} onClose={create.isPending ? undefined : close}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(440px, calc(100vw - 32px))", overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={create.isPending} />
        <DialogTitle id={titleId} component="h2">Add Device</DialogTitle>
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1.5}>
            <FormControl required>
              <FormLabel>Device Name</FormLabel>
              <Input name="name" autoFocus autoComplete="off" placeholder="e.g. Front Door Lock" value={name} onChange={(e) => setName(e.target.value)} />
            </FormControl>
            <FormControl required>
              <FormLabel id={typeLabelId}>Device Type</FormLabel>
              <Select
                value={type}
                onChange={(_, value) => value && setType(value)}
                slotProps={{ button: { "aria-labelledby": typeLabelId } }}
              >
                {ADD_DEVICE_TYPES.map((t) => <Option key={t.value} value={t.value}>{t.label}</Option>)}
              </Select>
            </FormControl>
          </Stack>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" disabled={!valid || create.isPending}>
              {create.isPending ? "Creating..." : "Create Device"}
            </Button>
            <Button variant="plain" color="neutral" disabled={create.isPending} onClick={close}>Cancel</Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </Modal>
  );
}
