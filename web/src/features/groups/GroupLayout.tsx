// What every tab of a group shares (spec 1 §2): the group's header and the tab
// links Overview, Users, Rooms, Logs. A 404 goes back to /dash/groups; any
// other failure shows "Group not found". The rooms and logs tabs (document 2)
// use it too: <GroupLayout tab="Rooms">{(group) => …}</GroupLayout>.
import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, Navigate, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { isNotFound } from "../../api/api_error";
import { usePending } from "../../offline/use_outbox";
import { ArrowLeftIcon } from "../../ui/icons";
import { PageBody } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { TabLinks } from "../../ui/TabLinks";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useRouteId } from "../../ui/use_route_id";
import { type Group, useGroup, useGroups } from "./api";
import { GROUP_MESSAGES } from "./group_forms";

export type GroupTab = "Overview" | "Users" | "Rooms" | "Logs";

const SCREEN: Record<GroupTab, string> = {
  Overview: "Group",
  Users: "Group Users",
  Rooms: "Group Rooms",
  Logs: "Group Logs",
};

export function groupTabs(id: number) {
  return [
    { label: "Overview", to: `/dash/groups/${id}` },
    { label: "Users", to: `/dash/groups/${id}/users` },
    { label: "Rooms", to: `/dash/groups/${id}/rooms` },
    { label: "Logs", to: `/dash/groups/${id}/logs` },
  ];
}

export function GroupLayout({ tab, children }: { tab: GroupTab; children: (group: Group) => ReactNode }) {
  usePageMeta(SCREEN[tab]);
  const id = useRouteId();
  const group = useGroup(Number.isNaN(id) ? 0 : id);
  const missing = isNotFound(group.error);
  useFailureToast(group.isError && !missing ? group.error : null, "Failed to fetch group");
  useFollowCreatedGroup(id, group.data);

  if (Number.isNaN(id) || missing) return <Navigate to="/dash/groups" replace />;
  if (!group.data) {
    if (group.isPending && id > 0) {
      return <PageBody><Typography role="status">Loading group...</Typography></PageBody>;
    }
    return <GroupNotFound />;
  }
  return (
    <PageBody>
      <GroupHeader group={group.data} />
      <TabLinks label="Group sections" tabs={groupTabs(group.data.id)} current={tab} />
      {children(group.data)}
    </PageBody>
  );
}

/** On a group made offline: once the server has it, go to its real page. */
function useFollowCreatedGroup(id: number, group: Group | undefined) {
  const navigate = useNavigate();
  const pending = usePending(`groups/${id}`);
  const list = useGroups(id < 0);
  useEffect(() => {
    if (id > 0 || pending || !group) return;
    const made = list.data?.find((g) => g.id > 0 && g.name.toLowerCase() === group.name.toLowerCase());
    if (made) navigate(`/dash/groups/${made.id}`, { replace: true });
  }, [id, pending, group, list.data, navigate]);
}

function GroupHeader({ group }: { group: Group }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Link component={RouterLink} to="/dash/groups" level="body-sm" startDecorator={<ArrowLeftIcon size={16} />}>
        Groups
      </Link>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }} sx={{ wordBreak: "break-word" }}>{group.name}</Typography>
        <StatusChip active={group.isActive} />
        <PendingChip entity={`groups/${group.id}`} />
      </Box>
      {group.description && <Typography textColor="text.secondary">{group.description}</Typography>}
    </Box>
  );
}

function GroupNotFound() {
  return (
    <PageBody>
      <Card sx={{ maxWidth: 480, mx: "auto", mt: 6, textAlign: "center", alignItems: "center", gap: 1.5 }}>
        <Typography level="h1" fontSize="xl2">{GROUP_MESSAGES.notFound}</Typography>
        <Button component={RouterLink} to="/dash/groups">Back to Groups</Button>
      </Card>
    </PageBody>
  );
}
