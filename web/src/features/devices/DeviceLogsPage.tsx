// /dash/device/{id}/logs (spec 2 §2): the device's access log from the server
// (not the spec's samples): 'Search log...' over user, action and credential,
// TIMESTAMP, USER, CREDENTIAL, ACTION, OUTCOME, a real pager and CSV export.
import Typography from "@mui/joy/Typography";
import { LOG_ENTRIES_NO_MATCH, LogTable } from "../logs/LogTable";
import { isSavedDevice } from "./api";
import { DeviceLayout } from "./DeviceLayout";

export default function DeviceLogsPage() {
  return (
    <DeviceLayout tab="Log">
      {(device) =>
        isSavedDevice(device.id)
          ? (
            <LogTable
              basePath={`/api/devices/${device.id}/logs`}
              emptyText={LOG_ENTRIES_NO_MATCH}
              noMatchText={LOG_ENTRIES_NO_MATCH}
              credential="type"
              searchPlaceholder="Search log..."
              searchLabel="Search log"
              label="Device access logs"
            />
          )
          : <Typography>{LOG_ENTRIES_NO_MATCH}</Typography>}
    </DeviceLayout>
  );
}
