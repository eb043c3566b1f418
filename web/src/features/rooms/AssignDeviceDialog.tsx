// 'Assign Device to Room' (spec 2 §2): the devices in no room, filtered by name
// or type, each with Assign. Empty: 'No unassigned devices available' or 'No
// devices found matching your search'.
import { useDevices } from "../../api/devices";
import { deviceInitial, typeLabel } from "../../api/device_display";
import type { Room } from "../../api/rooms";
import { pickerDialog, PickerBody, PickerList, PickerRow, usePicker } from "../../ui/PickerDialog";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useAssignDevice } from "./changes";
import { filterByNameOrType, ROOM_MESSAGES as M, unassignedDevices } from "./room_rules";

export const AssignDeviceDialog = pickerDialog("Assign Device to Room", Picker);

function Picker({ room }: { room: Room }) {
  const devices = useDevices();
  useFailureToast(devices.error, M.devicesFetchFailed);
  const { search, setSearch, said, pickToasts } = usePicker();
  const free = unassignedDevices(devices.data ?? []);
  const shown = filterByNameOrType(free, search);
  const assign = useAssignDevice(pickToasts(M.deviceAssigned, M.assignFailed, ({ device }) => `${device.name} assigned to this room.`));

  return (
    <PickerBody
      search={{ value: search, onChange: setSearch, placeholder: "Search devices...", label: "Search unassigned devices by name or type" }}
      said={said}
      loading={devices.isPending}
      loadingText="Loading devices..."
      emptyText={shown.length > 0 ? null : free.length === 0 ? M.noUnassigned : M.noUnassignedMatch}
    >
      <PickerList label="Unassigned devices">
        {shown.map((device) => (
          <PickerRow
            key={device.id}
            initials={deviceInitial(device.name)}
            title={device.name}
            subtitle={typeLabel(device.type)}
            action={{
              label: "Assign",
              name: `Assign ${device.name}`,
              disabled: assign.isPending && assign.variables?.device.id === device.id,
              onClick: () => assign.mutate({ device, roomId: room.id }),
            }}
          />
        ))}
      </PickerList>
    </PickerBody>
  );
}
