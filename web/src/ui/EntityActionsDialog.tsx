// The actions dialog of a list row (spec 2 §2: rooms and devices): View
// Details, Deactivate or Activate <Kind>, Delete <Kind> after the browser's
// confirmation. The screen owns the changes (and their toasts) and closes the
// dialog when they are done; while one runs, every button waits. Its shell,
// ActionsDialog, also holds the users list's own actions.
import { type ReactNode, useId } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";

type Entity = { id: number; name: string; isActive: boolean };
type Change<T> = { isPending: boolean; mutate: (entity: T) => void };

type Props<T extends Entity> = {
  /** "Room", "Device": the title reads "<Kind> Actions". */
  kind: string;
  entity: T | null;
  detailsPath: (entity: T) => string;
  toggle: Change<T>;
  remove: Change<T>;
  deleteConfirmation: (name: string) => string;
  onClose: () => void;
};

export function EntityActionsDialog<T extends Entity>({ kind, entity, detailsPath, toggle, remove, deleteConfirmation, onClose }: Props<T>) {
  const busy = toggle.isPending || remove.isPending;
  return (
    <ActionsDialog title={`${kind} Actions`} text={entity ? `Choose an action for ${entity.name}` : ""} open={entity !== null} busy={busy} onClose={onClose}>
      {entity && (
        <>
          <ViewDetailsButton to={detailsPath(entity)} busy={busy} onClose={onClose} />
          <Button variant="outlined" color={entity.isActive ? "warning" : "success"} disabled={busy} onClick={() => toggle.mutate(entity)}>
            {toggle.isPending ? "Processing..." : `${entity.isActive ? "Deactivate" : "Activate"} ${kind}`}
          </Button>
          <Button
            variant="outlined"
            color="danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(deleteConfirmation(entity.name))) remove.mutate(entity);
            }}
          >
            {remove.isPending ? "Deleting..." : `Delete ${kind}`}
          </Button>
        </>
      )}
    </ActionsDialog>
  );
}

/**
 * The shell of a list row's actions dialog: its title and line, the actions
 * one under another; while one runs, the dialog cannot be closed.
 */
export function ActionsDialog(
  { title, text, open, busy, onClose, children }: { title: string; text: string; open: boolean; busy: boolean; onClose: () => void; children: ReactNode },
) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={busy ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} aria-describedby={textId} size="sm" sx={{ minWidth: { sm: 360 } }}>
        <ModalClose disabled={busy} aria-label="Close" />
        <DialogTitle id={titleId} component="h2">{title}</DialogTitle>
        <DialogContent id={textId}>{text}</DialogContent>
        <Stack spacing={1}>{children}</Stack>
      </ModalDialog>
    </Modal>
  );
}

/** The first action of every actions dialog: close it and open the thing's page. */
export function ViewDetailsButton({ to, busy, onClose }: { to: string; busy: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="outlined"
      color="neutral"
      disabled={busy}
      onClick={() => {
        onClose();
        navigate(to);
      }}
    >
      View Details
    </Button>
  );
}
