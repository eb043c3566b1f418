// What every tab of a group shares (spec 1 §2): the group's header and the tab
// links Overview, Users, Rooms, Logs. A 404 goes back to /dash/groups; any
// other failure shows "Group not found". The rooms and logs tabs (document 2)
// use it too: <GroupLayout tab="Rooms">{(group) => …}</GroupLayout>.
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import Typography from "@mui/joy/Typography";
import { type Group, useGroup, useGroups } from "../../api/groups";
import { isSaved } from "../../api/mutations";
import { EntityHeader, NotFoundCard } from "../../ui/EntityHeader";
import { EntityLayout, type EntityTab } from "../../ui/EntityLayout";
import { useRouteId } from "../../ui/use_route_id";
import { GROUP_MESSAGES } from "./group_forms";
import { historyLink } from "../audit/public";

const TABS: EntityTab<Group>[] = [
  { label: "Overview", screen: "Group", path: "" },
  { label: "Users", screen: "Group Users", path: "/users" },
  { label: "Rooms", screen: "Group Rooms", path: "/rooms" },
  { label: "Logs", screen: "Group Logs", path: "/logs" },
];
type GroupTab = "Overview" | "Users" | "Rooms" | "Logs";

/** Group names are unique in any case: the saved one of that name. */
const madeOf = (saved: Group[], created: Group) => saved.find((g) => g.name.toLowerCase() === created.name.toLowerCase());

const notFound = <NotFoundCard title={GROUP_MESSAGES.notFound} back={{ to: "/dash/groups", label: "Back to Groups" }} />;

const pageOf = (id: number) => `/dash/groups/${id}`;

export function GroupLayout({ tab, children }: { tab: GroupTab; children: (group: Group) => ReactNode }) {
  const id = useRouteId();
  return (
    <EntityLayout
      base={pageOf}
      tabs={TABS}
      tabsLabel="Group sections"
      current={tab}
      id={id}
      query={useGroup(id)}
      kind="groups"
      saved={useGroups(!Number.isNaN(id) && !isSaved(id)).data}
      made={madeOf}
      texts={{ loading: "Loading group...", fetchFailed: "Failed to fetch group" }}
      notFound={notFound}
      gone={<Navigate to="/dash/groups" replace />}
      failed={notFound}
      header={(group) => (
        <EntityHeader back={{ to: "/dash/groups", label: "Groups" }} title={group.name} active={group.isActive} pending={`groups/${group.id}`} history={historyLink("group", group.id)}>
          {group.description && <Typography textColor="text.secondary">{group.description}</Typography>}
        </EntityHeader>
      )}
    >
      {children}
    </EntityLayout>
  );
}
