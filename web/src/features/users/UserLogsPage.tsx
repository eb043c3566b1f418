// /dash/user/{id}/logs (spec 1 §2): the user's access log in the shared table.
import Typography from "@mui/joy/Typography";
import { LogTable } from "../logs/LogTable";
import { isSaved } from "./api";
import { UserLayout } from "./UserLayout";

export const USER_LOGS_EMPTY = "No access logs found for this user.";

export default function UserLogsPage() {
  return (
    <UserLayout tab="Log">
      {(user) =>
        isSaved(user.id)
          ? <LogTable basePath={`/api/users/${user.id}/logs`} emptyText={USER_LOGS_EMPTY} label="Access logs" />
          : <Typography>{USER_LOGS_EMPTY}</Typography>}
    </UserLayout>
  );
}
