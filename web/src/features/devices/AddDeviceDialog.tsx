// "Add Device" (spec 2 §2, §5, §7): Device Name (required) and Device Type
// (sensor by default; Card Reader and Density Sensor for reader and density).
// The device gets a generated DEV id, its manufacturer by type, no room, and is
// active. On success its page opens (offline: its page from this device).
import { useId } from "react";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { type NewDeviceInput, useCreateDevice } from "./changes";
import { ADD_DEVICE_TYPES, DEVICE_MESSAGES as M, newDevicePayload } from "./device_rules";

const EMPTY: NewDeviceInput = { name: "", type: "sensor" };

export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const typeLabelId = useId();
  const { form, set, dialog, createToasts } = useAddForm(EMPTY, { open, onClose, pageOf: (id) => `/dash/device/${id}` });
  const create = useCreateDevice(createToasts(M.created, M.createFailed));
  return (
    <AddDialog title="Add Device" submitLabel="Create Device" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={() => create.mutate(newDevicePayload(form.name, form.type, Date.now()))} {...dialog}>
      <NameField label="Device Name" input={{ name: "name", autoComplete: "off", placeholder: "e.g. Front Door Lock" }} value={form.name} onChange={(name) => set({ name })} />
      <FormControl required>
        <FormLabel id={typeLabelId}>Device Type</FormLabel>
        <Select value={form.type} onChange={(_, type) => type && set({ type })} slotProps={{ button: { "aria-labelledby": typeLabelId } }}>
          {ADD_DEVICE_TYPES.map((t) => <Option key={t.value} value={t.value}>{t.label}</Option>)}
        </Select>
      </FormControl>
    </AddDialog>
  );
}
