// /dash/groups/{id}/logs (spec 2 §2): what the group's members did at its
// rooms, from the server (not the spec's samples): TIMESTAMP, USER,
// CREDENTIAL, ACTION, OUTCOME, cards on phones, a real pager and CSV export.
import Typography from "@mui/joy/Typography";
import { LOG_ENTRIES_NO_MATCH, LogTable } from "../logs/LogTable";
import { GroupLayout } from "./GroupLayout";

export default function GroupLogsPage() {
  return (
    <GroupLayout tab="Logs">
      {(group) =>
        group.id > 0
          ? (
            <LogTable
              basePath={`/api/groups/${group.id}/logs`}
              emptyText={LOG_ENTRIES_NO_MATCH}
              noMatchText={LOG_ENTRIES_NO_MATCH}
              credential="type-and-device"
              label="Group access logs"
            />
          )
          : <Typography>{LOG_ENTRIES_NO_MATCH}</Typography>}
    </GroupLayout>
  );
}
