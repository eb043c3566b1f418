// /dash/groups/{id}/logs (spec 2 §2): what the group's members did at its
// rooms, from the server (not the spec's samples): TIMESTAMP, USER,
// CREDENTIAL, ACTION, OUTCOME, cards on phones, a real pager and CSV export.
import { EntityLog, LOG_ENTRIES_NO_MATCH } from "../logs/public";
import { GroupLayout } from "./GroupLayout";

const TABLE = {
  emptyText: LOG_ENTRIES_NO_MATCH,
  noMatchText: LOG_ENTRIES_NO_MATCH,
  credential: "type-and-device",
  label: "Group access logs",
} as const;

export default function GroupLogsPage() {
  return <GroupLayout tab="Logs">{(group) => <EntityLog of={{ kind: "groups", id: group.id }} {...TABLE} />}</GroupLayout>;
}
