// The device page's Assigned Credentials (spec 2 §2): who may use the device
// (the members of groups with its room), their credential types and whether
// access is allowed and why not; a table, or a card per person on phones.
// A device in no room says so instead.
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import type { Device } from "../../api/devices";
import { EmptyState } from "../../ui/EmptyState";
import { CardList, type ListColumn, ListTable } from "../../ui/ListViews";
import { useIsPhone } from "../../ui/use_media_query";
import { type AssignedCredential, useAssignedCredentials } from "./api";
import { DEVICE_MESSAGES as M } from "./device_rules";

export function AssignedCredentials({ device }: { device: Device }) {
  const phone = useIsPhone();
  const assigned = device.roomId !== null;
  const rows = useAssignedCredentials(device.id, assigned);
  const list = rows.data ?? [];
  return (
    <Card component="section" aria-labelledby="assigned-credentials" sx={{ gap: 1.5, minWidth: 0 }}>
      <Typography id="assigned-credentials" level="title-lg" component="h2">Assigned Credentials</Typography>
      {!assigned
        ? (
          <EmptyState>
            <Typography component="span" level="title-sm" sx={{ display: "block" }}>{M.notAssigned}</Typography>
            <Typography component="span" level="body-sm">{M.notAssignedHint}</Typography>
          </EmptyState>
        )
        : rows.isPending && device.id > 0
        ? <Typography level="body-sm" role="status">Loading credentials...</Typography>
        : rows.isError
        ? <EmptyState>Failed to fetch assigned credentials</EmptyState>
        : list.length === 0
        ? <EmptyState>No users have access to this device's room.</EmptyState>
        : phone
        ? <CardList label="Assigned credentials" items={list} card={(row) => <PersonCard row={row} />} sx={{ p: 1.25, flexDirection: "column", gap: 0.5 }} />
        : <ListTable label="Assigned credentials" items={list} columns={COLUMNS} sx={{ minWidth: 560, "& td": { verticalAlign: "top" } }} />}
    </Card>
  );
}

const types = (row: AssignedCredential) => row.credentialTypes.join(", ") || "None";

const COLUMNS: ListColumn<AssignedCredential>[] = [
  {
    header: "USER",
    width: "40%",
    cell: (row) => (
      <>
        <Typography level="title-sm">{row.userName}</Typography>
        <Typography level="body-xs" noWrap>{row.email}</Typography>
      </>
    ),
  },
  { header: "CREDENTIAL TYPES", width: "32%", cell: types },
  { header: "ACCESS STATUS", width: "28%", cell: (row) => <AccessChip allowed={row.accessAllowed} status={row.accessStatus} reason={row.reason} /> },
];

function PersonCard({ row }: { row: AssignedCredential }) {
  return (
    <>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, width: "100%" }}>
        <Typography level="title-sm" noWrap>{row.userName}</Typography>
        <AccessChip allowed={row.accessAllowed} status={row.accessStatus} reason={row.reason} />
      </Box>
      <Typography level="body-xs">{types(row)}</Typography>
    </>
  );
}

function AccessChip({ allowed, status, reason }: { allowed: boolean; status: string; reason: string | null }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.25 }}>
      <Chip size="sm" variant="soft" color={allowed ? "success" : "danger"}>{status}</Chip>
      {reason && <Typography level="body-xs">{reason}</Typography>}
    </Box>
  );
}
