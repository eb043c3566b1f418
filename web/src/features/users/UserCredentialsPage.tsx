// /dash/user/{id}/credentials (spec 1 §2): TYPE, FACILITY CODE, CARD CODE,
// ACTIONS; "Add Credentials"; a row opens its edit; "Remove Credential" asks
// first. The identity verification's row (id -1) reads "System Managed" and
// can be neither edited nor removed. On phones each credential is a card.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import IconButton from "@mui/joy/IconButton";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { isQueued } from "../../api/mutations";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { EditIcon, PlusIcon, TrashIcon } from "../../ui/icons";
import { PendingChip } from "../../ui/PendingChip";
import { toast } from "../../ui/toast/toast";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { type Credential, useUserCredentials } from "./api";
import { useRemoveCredential } from "./changes";
import { CredentialDialog } from "./CredentialDialog";
import { CREDENTIALS_EMPTY, isSystemManaged, SYSTEM_MANAGED } from "./credential_rules";
import { UserLayout } from "./UserLayout";
import { OFFLINE_NOTE } from "../../ui/toast/change_toasts";
import { serverMessage } from "../../api/api_error";

export default function UserCredentialsPage() {
  return <UserLayout tab="Credentials">{(user) => <Credentials userId={user.id} />}</UserLayout>;
}

type Editing = { credential: Credential | null } | null;

function Credentials({ userId }: { userId: number }) {
  const credentials = useUserCredentials(userId);
  useFailureToast(credentials.error, "Failed to fetch credentials");
  const phone = useIsPhone();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Credential | null>(null);
  const remove = useRemoveCredential({
    onSuccess: (result) => {
      toast({ title: "Credential removed", description: isQueued(result) ? OFFLINE_NOTE : undefined });
      setRemoving(null);
    },
    onError: (error) => {
      toast({ title: "Error", description: serverMessage(error, "Failed to remove credential"), variant: "destructive" });
      setRemoving(null);
    },
  });
  const rows = credentials.data ?? [];
  const open = (credential: Credential) => {
    if (!isSystemManaged(credential)) setEditing({ credential });
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography level="title-lg" component="h2">Credentials</Typography>
        <Button startDecorator={<PlusIcon size={18} />} onClick={() => setEditing({ credential: null })}>
          Add Credentials
        </Button>
      </Box>
      {credentials.isPending && userId > 0
        ? <Typography role="status">Loading credentials...</Typography>
        : rows.length === 0
        ? <EmptyState>{credentials.isError ? "Failed to fetch credentials" : CREDENTIALS_EMPTY}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Credentials" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {rows.map((c) => (
              <Sheet component="li" key={c.id} variant="outlined" sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "center" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <TypeCell credential={c} />
                  <Typography level="body-sm">Facility code: {c.facilityCode || "—"}</Typography>
                  <Typography level="body-sm">Card code: {c.cardCode || "—"}</Typography>
                </Box>
                <Actions credential={c} onEdit={open} onRemove={setRemoving} />
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Credentials" hoverRow>
              <thead>
                <tr>
                  <th scope="col">TYPE</th>
                  <th scope="col">FACILITY CODE</th>
                  <th scope="col">CARD CODE</th>
                  <th scope="col" style={{ width: 120, textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr
                    key={c.id}
                    onClick={() => open(c)}
                    style={{ cursor: isSystemManaged(c) ? "default" : "pointer" }}
                  >
                    <td><TypeCell credential={c} /></td>
                    <td>{c.facilityCode || "—"}</td>
                    <td>{c.cardCode || "—"}</td>
                    <td style={{ textAlign: "right" }}>
                      <Actions credential={c} onEdit={open} onRemove={setRemoving} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}

      <CredentialDialog
        userId={userId}
        open={editing !== null}
        editing={editing?.credential ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Credential"
        confirmLabel="Delete Credential"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        Are you sure you want to remove this {removing?.type} credential? This action cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}

function TypeCell({ credential }: { credential: Credential }) {
  if (isSystemManaged(credential)) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Chip size="sm" variant="soft" color="primary">{SYSTEM_MANAGED}</Chip>
        <Typography level="body-xs" textColor="text.secondary">{credential.type}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Typography level="title-sm">{credential.type}</Typography>
      {!credential.isActive && <Chip size="sm" variant="soft" color="neutral">Inactive</Chip>}
      <PendingChip entity={`credentials/${credential.id}`} />
    </Box>
  );
}

type ActionsProps = { credential: Credential; onEdit: (c: Credential) => void; onRemove: (c: Credential) => void };

function Actions({ credential, onEdit, onRemove }: ActionsProps) {
  if (isSystemManaged(credential)) {
    return <Typography level="body-xs" textColor="text.secondary">Not editable</Typography>;
  }
  return (
    <Box sx={{ display: "inline-flex", gap: 0.5 }} onClick={(e) => e.stopPropagation()}>
      <IconButton size="sm" variant="plain" color="neutral" aria-label={`Edit ${credential.type} credential`} onClick={() => onEdit(credential)}>
        <EditIcon size={18} />
      </IconButton>
      <IconButton size="sm" variant="plain" color="danger" aria-label={`Remove ${credential.type} credential`} onClick={() => onRemove(credential)}>
        <TrashIcon size={18} />
      </IconButton>
    </Box>
  );
}
