// What every tab of a group shares (spec 1 §2): the group's header and the tab
// links Overview, Users, Rooms, Logs. A 404 goes back to /dash/groups; any
// other failure shows "Group not found". The rooms and logs tabs (document 2)
// use it too: <GroupLayout tab="Rooms">{(group) => …}</GroupLayout>.
import type { ReactNode } from "react";
import Typography from "@mui/joy/Typography";
import { type Group, useGroup, useGroups } from "../../api/groups";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages, type EntityTab } from "../../ui/EntityLayout";
import { GROUP_MESSAGES } from "./group_forms";
import { historyLink } from "../audit/public";

const TABS: EntityTab<Group>[] = [
  { label: "Overview", screen: "Group", path: "" },
  { label: "Users", screen: "Group Users", path: "/users" },
  { label: "Rooms", screen: "Group Rooms", path: "/rooms" },
  { label: "Logs", screen: "Group Logs", path: "/logs" },
];
type GroupTab = "Overview" | "Users" | "Rooms" | "Logs";

const PAGES: EntityPages<Group> = {
  kind: "groups",
  list: { to: "/dash/groups", label: "Groups" },
  pageOf: (id) => `/dash/groups/${id}`,
  tabs: TABS,
  read: { one: useGroup, all: useGroups },
  /** Group names are unique in any case: the saved one of that name. */
  made: (saved, created) => saved.find((g) => g.name.toLowerCase() === created.name.toLowerCase()),
  texts: { loading: "Loading group...", fetchFailed: "Failed to fetch group", notFound: GROUP_MESSAGES.notFound },
};

export function GroupLayout({ tab, children }: { tab: GroupTab; children: (group: Group) => ReactNode }) {
  return (
    <EntityLayout
      pages={PAGES}
      current={tab}
      goneToList
      failedIsNotFound
      header={(group) => (
        <EntityHeader back={PAGES.list} title={group.name} active={group.isActive} pending={`groups/${group.id}`} history={historyLink("group", group.id)}>
          {group.description && <Typography textColor="text.secondary">{group.description}</Typography>}
        </EntityHeader>
      )}
    >
      {children}
    </EntityLayout>
  );
}
