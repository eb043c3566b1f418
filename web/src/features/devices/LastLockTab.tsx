// The Devices page's Last Lock tab (spec 2 §2): connection status, host or
// 'Not configured', the token badge, Discover Devices (when connected) and the
// Pending Device Approvals, each approved after a confirmation. The status is
// read every 30 s, and only while this tab is open (the page renders the open
// tab's panel only). The tab's label carries the pending count.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { type PendingLock, useDiscoverLocks, usePendingLocks } from "../../api/lastlock";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LockIcon } from "../../ui/icons";
import { IntegrationStatusCard } from "../../ui/IntegrationStatusCard";
import { PendingDeviceRow, PendingDevicesCard } from "../../ui/PendingDevicesCard";
import { changeToasts, doneToast, failedToast } from "../../ui/toast/change_toasts";
import { useApproveLock, useLastLockStatus } from "./lastlock_api";
import { LASTLOCK_MESSAGES as M, pendingCountLabel } from "./lastlock_rules";

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

const STATUS_TEXTS = {
  title: "Last Lock Integration",
  disconnected: "Disconnected",
  credentialsValid: M.tokenValid,
  noCredentials: M.noToken,
  notConfigured: M.notConfigured,
};

const PENDING_TEXTS = {
  title: "Pending Device Approvals",
  description: "Devices found by discovery wait here until an admin approves them.",
  loading: "Loading pending devices...",
  failed: "Failed to fetch pending devices",
  empty: "No devices are awaiting approval.",
};

export default function LastLockTab() {
  const status = useLastLockStatus();
  const discover = useDiscoverLocks(
    changeToasts(M.discoveryTitle, { title: M.discoveryFailedTitle, fallback: M.discoveryFailed }, () => M.discovery),
  );
  const data = status.data;
  return (
    <>
      <IntegrationStatusCard
        labelId="lastlock-connection"
        icon={<LockIcon />}
        texts={STATUS_TEXTS}
        status={{ data: data && { ...data, host: data.grpcHost, hasCredentials: data.hasApiToken }, isError: status.isError }}
        discover={{ offered: data?.connected === true, isPending: discover.isPending, run: () => discover.mutate() }}
      />
      <PendingApprovals />
    </>
  );
}

function PendingApprovals() {
  const pending = usePendingLocks();
  const [confirming, setConfirming] = useState<PendingLock | null>(null);
  const approve = useApproveLock({
    onSuccess: (result) => {
      setConfirming(null);
      doneToast(M.approvedTitle, result, M.approved);
    },
    onError: (error) => {
      setConfirming(null);
      failedToast(M.approvalFailedTitle, error, M.approvalFailed);
    },
  });
  const locks = pending.data ?? [];

  return (
    <>
      <PendingDevicesCard labelId="lastlock-pending" texts={PENDING_TEXTS} query={pending} count={locks.length}>
        {locks.map((lock) => (
          <PendingDeviceRow
            key={lock.id}
            warning
            action={<Button color="success" aria-label={`Approve ${lock.name}`} onClick={() => setConfirming(lock)}>Approve</Button>}
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
          </PendingDeviceRow>
        ))}
      </PendingDevicesCard>
      <ConfirmDialog
        open={confirming !== null}
        title="Approve Device"
        confirmLabel="Approve"
        busyLabel="Approving..."
        busy={approve.isPending}
        color="success"
        onConfirm={() => confirming && approve.mutate(confirming)}
        onClose={() => setConfirming(null)}
      >
        {M.approveConfirm}
        {confirming && <Typography level="title-sm" sx={{ mt: 1 }}>{confirming.name}</Typography>}
      </ConfirmDialog>
    </>
  );
}
