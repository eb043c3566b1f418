// /dash/device/{id}/logs (spec 2 §2): the device's access log from the server
// (not the spec's samples): 'Search log...' over user, action and credential,
// TIMESTAMP, USER, CREDENTIAL, ACTION, OUTCOME, a real pager and CSV export.
import { EntityLog, LOG_ENTRIES_NO_MATCH } from "../logs/public";
import { DeviceLayout } from "./DeviceLayout";

const TABLE = {
  emptyText: LOG_ENTRIES_NO_MATCH,
  noMatchText: LOG_ENTRIES_NO_MATCH,
  credential: "type",
  searchPlaceholder: "Search log...",
  searchLabel: "Search log",
  label: "Device access logs",
} as const;

export default function DeviceLogsPage() {
  return <DeviceLayout tab="Log">{(device) => <EntityLog of={{ kind: "devices", id: device.id }} {...TABLE} />}</DeviceLayout>;
}
