// The red banner of spec 3 §2 on every dashboard page and on /app while any
// lockdown is active: "Lockdown in effect", then each lockdown with the rooms it
// covers (or All rooms), since when and by whom; for an admin also its reason and
// End Lockdown (after the confirmation). An admin's comes from the lockdowns (an
// admin read) and keeps the admins' live channel open, so a lockdown started
// elsewhere shows within a second; a member's /app reads GET /api/me/lockdowns,
// refreshed by the members' live channel that /app keeps open (features/doors).
import { useId, useMemo, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { useRooms } from "../../api/rooms";
import { useOnline } from "../../offline/use_outbox";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LockIcon } from "../../ui/icons";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { type Lockdown, type MemberLockdown, useActiveLockdowns, useEndLockdown, useMemberLockdowns } from "./api";
import { LOCKDOWN_MESSAGES as M, lockdownRooms, lockdownSince } from "./lockdown_rules";
import { useLockdownEvents } from "./use_lockdown_events";

/** `isAdmin`: whether the signed-in person is an admin (the one who may read and end lockdowns). */
export function LockdownBanner({ isAdmin }: { isAdmin: boolean }) {
  useLockdownEvents(isAdmin);
  const lockdowns = useActiveLockdowns(isAdmin).data ?? [];
  const memberLockdowns = useMemberLockdowns(!isAdmin).data ?? [];
  const lines = isAdmin
    ? lockdowns.map((lockdown) => <LockdownLine key={lockdown.id} lockdown={lockdown} />)
    : memberLockdowns.map((lockdown) => <MemberLockdownLine key={lockdown.id} lockdown={lockdown} />);
  const titleId = useId();
  // Always there, so a banner that appears is announced.
  return (
    <Box aria-live="polite">
      {lines.length > 0 && (
        <Sheet
          component="section"
          aria-labelledby={titleId}
          variant="solid"
          color="danger"
          invertedColors
          sx={{ px: 2, py: 1.25, display: "flex", flexDirection: "column", gap: 0.75 }}
        >
          <Typography id={titleId} level="title-md" component="p" textColor="common.white" startDecorator={<LockIcon />}>
            {M.inEffect}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 0.75 }}>
            {lines}
          </Box>
        </Sheet>
      )}
    </Box>
  );
}

/** A member's line: the rooms, since when and by whom; no reason, no End Lockdown. */
function MemberLockdownLine({ lockdown }: { lockdown: MemberLockdown }) {
  const names = useMemo(() => new Map(lockdown.rooms.map((room) => [room.id, room.name])), [lockdown.rooms]);
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Typography level="body-md" fontWeight="lg" textColor="common.white">
        {lockdownRooms({ scope: lockdown.scope, roomIds: lockdown.rooms.map((room) => room.id) }, names)}
      </Typography>
      <Typography level="body-sm" textColor="common.white">{lockdownSince(lockdown.startedAt, lockdown.startedBy.name)}</Typography>
    </Box>
  );
}

function LockdownLine({ lockdown }: { lockdown: Lockdown }) {
  const online = useOnline();
  const rooms = useRooms(lockdown.scope === "rooms").data;
  const names = useMemo(() => new Map((rooms ?? []).map((room) => [room.id, room.name])), [rooms]);
  const [confirming, setConfirming] = useState(false);
  const end = useEndLockdown();

  function confirm() {
    end.mutate(lockdown, {
      onSuccess: () => doneToast(M.ended),
      onError: (error) => failedToast(M.endFailed, error),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Box component="li" sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1.5, flexWrap: "wrap" }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography level="body-md" fontWeight="lg" textColor="common.white">{lockdownRooms(lockdown, names)}</Typography>
        <Typography level="body-sm" textColor="common.white">
          {lockdownSince(lockdown.startedAt, lockdown.startedBy.name)} · {lockdown.reason}
        </Typography>
      </Box>
      <Button variant="outlined" disabled={!online || end.isPending} onClick={() => setConfirming(true)}>
        End Lockdown
      </Button>
      <ConfirmDialog
        open={confirming}
        title="End Lockdown"
        confirmLabel="End Lockdown"
        busyLabel="Ending..."
        busy={end.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {M.endConfirm}
      </ConfirmDialog>
    </Box>
  );
}
