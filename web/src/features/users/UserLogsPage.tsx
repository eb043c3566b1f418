// /dash/user/{id}/logs (spec 1 §2): the user's access log in the shared table.
import { EntityLog } from "../logs/public";
import { UserLayout } from "./UserLayout";

export default function UserLogsPage() {
  return (
    <UserLayout tab="Log">
      {(user) => <EntityLog of={{ kind: "users", id: user.id }} emptyText="No access logs found for this user." label="Access logs" />}
    </UserLayout>
  );
}
