// The Devices page's Last Lock tab (spec 2 §2): connection status, host or
// 'Not configured', the token badge, Discover Devices (when connected) and the
// Pending Device Approvals, each approved after a confirmation. The status is
// read every 30 s, and only while this tab is open (the page renders the open
// tab's panel only). The tab's label carries the pending count.
import { useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import DialogActions from "@mui/joy/DialogActions";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";
import Typography from "@mui/joy/Typography";
import { isQueued } from "../../api/mutations";
import { LockIcon, SearchIcon } from "../../ui/icons";
import { toast } from "../../ui/toast/toast";
import { OFFLINE_NOTE } from "../users/user_toasts";
import { type PendingLock, useApproveLock, useDiscoverLocks, useLastLockStatus, usePendingLocks } from "../lastlock/api";
import { LASTLOCK_MESSAGES as M, pendingCountLabel } from "../lastlock/lastlock_rules";
import { serverMessage } from "../../api/api_error";

/** 'Last Lock' with the number of devices awaiting approval. */
export function LastLockTabLabel() {
  const pending = usePendingLocks();
  const count = pendingCountLabel(pending.data?.length);
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      Last Lock
      {count && (
        <Chip size="sm" variant="solid" color="warning" aria-label={`${count} pending`}>
          {count}
        </Chip>
      )}
    </Box>
  );
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function LastLockTab() {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <ConnectionCard />
      <PendingApprovals />
    </Box>
  );
}

function ConnectionCard() {
  const status = useLastLockStatus();
  const discover = useDiscoverLocks({
    onSuccess: (result) =>
      toast({ title: M.discoveryTitle, description: isQueued(result) ? OFFLINE_NOTE : M.discovery }),
    onError: (error) =>
      toast({ title: M.discoveryFailedTitle, description: serverMessage(error, M.discoveryFailed), variant: "destructive" }),
  });
  const data = status.data;
  const connected = data?.connected === true;

  return (
    <Card component="section" aria-labelledby="lastlock-connection" sx={{ gap: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", minWidth: 0 }}>
          <LockIcon />
          <Box sx={{ minWidth: 0 }}>
            <Typography id="lastlock-connection" level="title-lg" component="h2">Last Lock Integration</Typography>
            <Typography level="body-sm" textColor="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {data ? data.grpcHost || M.notConfigured : status.isError ? "Status unavailable" : "Checking connection..."}
            </Typography>
          </Box>
        </Box>
        {connected && (
          <Button startDecorator={<SearchIcon />} disabled={discover.isPending} onClick={() => discover.mutate()}>
            {discover.isPending ? "Discovering..." : "Discover Devices"}
          </Button>
        )}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="status" aria-live="polite">
        {data && (
          <>
            <Chip variant="soft" color={connected ? "success" : "danger"}>{connected ? "Connected" : "Disconnected"}</Chip>
            <Chip variant="soft" color={data.hasApiToken ? "success" : "warning"}>
              {data.hasApiToken ? M.tokenValid : M.noToken}
            </Chip>
            {data.simulated && <Chip variant="outlined" color="neutral">Simulator</Chip>}
          </>
        )}
        {status.isError && <Chip variant="soft" color="danger">Disconnected</Chip>}
      </Box>
      {data && !connected && data.error && (
        <Typography level="body-sm" color="danger">{data.error}</Typography>
      )}
    </Card>
  );
}

function PendingApprovals() {
  const pending = usePendingLocks();
  const [confirming, setConfirming] = useState<PendingLock | null>(null);
  const approve = useApproveLock({
    onSuccess: (result) => {
      setConfirming(null);
      toast({ title: M.approvedTitle, description: isQueued(result) ? OFFLINE_NOTE : M.approved });
    },
    onError: (error) => {
      setConfirming(null);
      toast({ title: M.approvalFailedTitle, description: serverMessage(error, M.approvalFailed), variant: "destructive" });
    },
  });
  const locks = pending.data ?? [];

  return (
    <Card component="section" aria-labelledby="lastlock-pending" sx={{ gap: 1.5 }}>
      <Box>
        <Typography id="lastlock-pending" level="title-lg" component="h2">Pending Device Approvals</Typography>
        <Typography level="body-sm" textColor="text.secondary">
          Devices found by discovery wait here until an admin approves them.
        </Typography>
      </Box>
      {pending.isPending
        ? <Typography role="status" level="body-sm">Loading pending devices...</Typography>
        : pending.isError && !pending.data
        ? <Typography level="body-sm" color="danger">Failed to fetch pending devices</Typography>
        : locks.length === 0
        ? <Typography level="body-sm" textColor="text.secondary">No devices are awaiting approval.</Typography>
        : (
          <List aria-labelledby="lastlock-pending" sx={{ "--ListItem-paddingX": 0, gap: 1 }}>
            {locks.map((lock) => (
              <ListItem key={lock.id} sx={{ display: "block" }}>
                <Box
                  sx={{
                    display: "flex",
                    justifyContent: "space-between",
                    alignItems: "center",
                    gap: 2,
                    flexWrap: "wrap",
                    p: 1.5,
                    borderRadius: "sm",
                    border: "1px solid",
                    borderColor: "warning.outlinedBorder",
                    bgcolor: "warning.softBg",
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: "1 1 240px" }}>
                    <Typography level="title-md">{lock.name}</Typography>
                    {lock.lastLockDescription && <Typography level="body-sm">{lock.lastLockDescription}</Typography>}
                    <Typography level="body-xs" textColor="text.secondary">
                      Last Lock ID {lock.lastLockDeviceId} · {lock.deviceId}
                      {lock.lastLockTimeCreated ? ` · created ${dateTime.format(new Date(lock.lastLockTimeCreated))}` : ""}
                    </Typography>
                    <Typography level="body-xs" textColor="warning.plainColor" fontWeight="lg">{M.awaiting}</Typography>
                  </Box>
                  <Button color="success" aria-label={`Approve ${lock.name}`} onClick={() => setConfirming(lock)}>
                    Approve
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      <ApproveDialog
        lock={confirming}
        busy={approve.isPending}
        onConfirm={() => confirming && approve.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}

function ApproveDialog(
  { lock, busy, onConfirm, onClose }: { lock: PendingLock | null; busy: boolean; onConfirm: () => void; onClose: () => void },
) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={lock !== null} onClose={busy ? undefined : onClose}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} size="sm">
        <DialogTitle id={titleId} component="h2">Approve Device</DialogTitle>
        <DialogContent id={textId}>
          {M.approveConfirm}
          {lock && <Typography level="title-sm" sx={{ mt: 1 }}>{lock.name}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button color="success" disabled={busy} onClick={onConfirm}>{busy ? "Approving..." : "Approve"}</Button>
          <Button variant="plain" color="neutral" disabled={busy} onClick={onClose}>Cancel</Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
