// The lock test page's Test Target: the Last Lock device and the user the
// commands act on (the spec's fixed device 16 and user 2, as pickers).
import { useId } from "react";
import Autocomplete from "@mui/joy/Autocomplete";
import Box from "@mui/joy/Box";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import type { Device } from "../../api/devices";
import type { User } from "../../api/users";
import { displayName } from "../../api/user_display";
import { TestSection } from "./TestSection";

const userLabel = (u: User) => `${displayName(u)} (${u.email})`;

export function TestTarget(props: {
  locks: Device[];
  users: User[];
  deviceId: number | null;
  userId: number | null;
  onDevice: (id: number | null) => void;
  onUser: (id: number | null) => void;
  loading: boolean;
}) {
  const deviceLabelId = useId();
  const user = props.users.find((u) => u.id === props.userId) ?? null;
  return (
    <TestSection title="Test Target" description="The Last Lock device and the user the commands below act on.">
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" } }}>
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel id={deviceLabelId}>Device</FormLabel>
          <Select
            value={props.deviceId}
            onChange={(_, value) => props.onDevice(value)}
            placeholder={props.loading ? "Loading devices..." : props.locks.length ? "Select a device" : "No Last Lock devices"}
            slotProps={{ button: { "aria-labelledby": deviceLabelId } }}
          >
            {props.locks.map((d) => (
              <Option key={d.id} value={d.id} label={`${d.name} (#${d.id})`}>
                {d.name} (#{d.id}){d.isPending ? " · awaiting approval" : ""}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel>User</FormLabel>
          <Autocomplete
            options={props.users}
            value={user}
            onChange={(_, value) => props.onUser(value?.id ?? null)}
            getOptionLabel={userLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            placeholder={props.loading ? "Loading users..." : "Select a user"}
            sx={{ minWidth: 0 }}
          />
        </FormControl>
      </Box>
    </TestSection>
  );
}
