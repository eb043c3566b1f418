// What can be done with a visit not yet over (spec 4 §5): `Copy pass link`, Edit and
// Revoke, the buttons and their dialogs, shared by the Visitors page and a member's
// Guests on /app.
//
// Copy pass link: a link this page was answered (right after Add Visit, or made
// here since) is copied as it is; any other cannot be read back (the server keeps
// only its hash), so a confirmation says that a new one is made and the guest's
// current link stops working, then makes and copies it. Revoke asks `Revoke this
// pass? The guest will no longer get in.` All of it needs a connection.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { CopyIcon, EditIcon } from "../../ui/icons";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { toast } from "../../ui/toast/toast";
import { knownPassLink, useNewPassLink, useRevokeVisit } from "./api";
import { type Visit, VISIT_TEXTS as T } from "./visit_display";

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: T.linkCopied });
  } catch {
    // No clipboard (an address that is not https) or the browser said no: the link stays known here.
    toast({ title: T.copyFailed, description: T.copyFailedHelp, variant: "destructive" });
  }
}

/** The actions' state and dialogs: one set per list. `onEdit` opens the screen's edit dialog. */
export function useVisitActions(onEdit?: (visit: Visit) => void) {
  const [renewing, setRenewing] = useState<Visit | null>(null);
  const [revoking, setRevoking] = useState<Visit | null>(null);
  const newLink = useNewPassLink();
  const revoke = useRevokeVisit();

  const copy = (visit: Visit) => {
    const known = knownPassLink(visit.id);
    if (known) void copyLink(known);
    else setRenewing(visit);
  };
  const renew = () =>
    renewing && newLink.mutate(renewing, {
      onSuccess: (url) => {
        setRenewing(null);
        void copyLink(url);
      },
      onError: (error) => {
        setRenewing(null);
        failedToast(T.newLinkFailed, error);
      },
    });
  const confirmRevoke = () =>
    revoking && revoke.mutate(revoking, {
      onSuccess: () => doneToast(T.revoked),
      onError: (error) => failedToast(T.revokeFailed, error),
      onSettled: () => setRevoking(null),
    });

  const dialogs = (
    <>
      <ConfirmDialog
        open={renewing !== null}
        title={T.newLinkTitle}
        confirmLabel={T.newLinkConfirm}
        busyLabel="Making..."
        busy={newLink.isPending}
        onConfirm={renew}
        onClose={() => setRenewing(null)}
      >
        {T.newLinkText}
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        confirmLabel={T.revoke}
        busyLabel={T.revoking}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        {T.revokeText}
      </ConfirmDialog>
    </>
  );
  return { copy, edit: onEdit, revoke: setRevoking, dialogs };
}

type ButtonsProps = {
  visit: Visit;
  actions: ReturnType<typeof useVisitActions>;
  online: boolean;
};

/** A visit's buttons, each named with the guest for assistive technology; off while offline. */
export function VisitButtons({ visit, actions, online }: ButtonsProps) {
  const guest = visit.guestName;
  return (
    <Box sx={{ display: "flex", gap: 0.75, flexWrap: "wrap", justifyContent: { sm: "flex-end" } }}>
      <Button size="sm" variant="outlined" startDecorator={<CopyIcon size={16} />} disabled={!online} aria-label={`${T.copyLink} for ${guest}`} onClick={() => actions.copy(visit)}>
        {T.copyLink}
      </Button>
      {actions.edit && (
        <Button size="sm" variant="outlined" color="neutral" startDecorator={<EditIcon size={16} />} disabled={!online} aria-label={`${T.edit} visit of ${guest}`} onClick={() => actions.edit?.(visit)}>
          {T.edit}
        </Button>
      )}
      <Button size="sm" variant="outlined" color="danger" disabled={!online} aria-label={`${T.revoke} pass of ${guest}`} onClick={() => actions.revoke(visit)}>
        {T.revoke}
      </Button>
    </Box>
  );
}
