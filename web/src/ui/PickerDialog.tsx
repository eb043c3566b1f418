// The dialog that adds things to a group or room by picking them from a list
// (a group's Add Users and Add Rooms, a room's Assign Device to Room): a
// search, a line that says what was just added (said inside the dialog too,
// since while it is open the page's toasts are hidden from screen readers),
// and the things to pick, each with its button. It stays open for more picks;
// its content is made only while it is open, so each opening starts afresh.
import type { ComponentType, ReactNode } from "react";
import { useId, useState } from "react";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "./EmptyState";
import { SearchField } from "./SearchField";
import { doneToast, errorToast } from "./toast/change_toasts";

/** The tallest the list grows before it scrolls. */
export const PICKER_LIST_HEIGHT = "min(420px, calc(100dvh - 260px))";

export function PickerDialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id={titleId} component="h2">{title}</DialogTitle>
        {open && children}
      </ModalDialog>
    </Modal>
  );
}

/** A picker dialog titled `title` whose content is `Picker`, given the dialog's other props. */
export function pickerDialog<P extends object>(title: string, Picker: ComponentType<P>) {
  return function Dialog({ open, onClose, ...rest }: P & { open: boolean; onClose: () => void }) {
    return (
      <PickerDialog title={title} open={open} onClose={onClose}>
        <Picker {...(rest as unknown as P)} />
      </PickerDialog>
    );
  };
}

/**
 * A picker's search, the line saying what was just added, and a pick's
 * callbacks: its toast and that line, or the 'Error' toast.
 */
export function usePicker() {
  const [search, setSearch] = useState("");
  const [said, setSaid] = useState("");
  const pickToasts = <TVars,>(done: string, failed: string, say: (vars: TVars) => string) => ({
    onSuccess: (result: unknown, vars: TVars) => {
      doneToast(done, result);
      setSaid(say(vars));
    },
    onError: (error: Error) => errorToast(error, failed),
  });
  return { search, setSearch, said, pickToasts };
}

type BodyProps = {
  search: { value: string; onChange: (value: string) => void; placeholder: string; label?: string };
  /** What was just added, if the picker says it. */
  said?: string;
  loading: boolean;
  loadingText: string;
  /** Shown when nothing is left to pick. */
  emptyText: string | null;
  /** The things to pick (when emptyText is null). */
  children: ReactNode;
};

export function PickerBody({ search, said, loading, loadingText, emptyText, children }: BodyProps) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, minHeight: 0 }}>
      <SearchField {...search} autoFocus />
      {said !== undefined && (
        <Typography role="status" level="body-sm" textColor="success.plainColor" sx={{ minHeight: "1.25em" }}>{said}</Typography>
      )}
      {loading ? <Typography role="status">{loadingText}</Typography> : emptyText !== null ? <EmptyState>{emptyText}</EmptyState> : children}
    </Box>
  );
}

/** A short list to pick from, scrolling in the dialog. */
export function PickerList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Sheet variant="plain" sx={{ overflowY: "auto", maxHeight: PICKER_LIST_HEIGHT }}>
      <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
        {children}
      </Box>
    </Sheet>
  );
}

/** Named things (rooms) to pick from, each row with one action: `Add`, `Remove`. */
export function NamedPickerList<T extends { id: number; name: string; description: string | null }>(
  { label, items, verb, onPick }: { label: string; items: readonly T[]; verb: string; onPick: (item: T) => void },
) {
  return (
    <PickerList label={label}>
      {items.map((item) => (
        <PickerRow
          key={item.id}
          title={item.name}
          subtitle={item.description}
          action={{ label: verb, name: `${verb} ${item.name}`, onClick: () => onPick(item) }}
        />
      ))}
    </PickerList>
  );
}

type RowProps = {
  /** An avatar's letters, if the row has one. */
  initials?: string;
  title: string;
  subtitle?: string | null;
  /** "Add", "Assign", and the button's accessible name. */
  action: { label: string; name: string; disabled?: boolean; onClick: () => void };
  /** The element the row is: a list item, or (in a windowed list) a plain box. */
  component?: "li" | "div";
  height?: number;
};

export function PickerRow({ initials, title, subtitle, action, component = "li", height }: RowProps) {
  return (
    <Box component={component} sx={{ display: "flex", alignItems: "center", gap: 1.25, px: 0.5, height }}>
      {initials !== undefined && <Avatar size="sm" aria-hidden="true">{initials}</Avatar>}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography level="title-sm" noWrap>{title}</Typography>
        {subtitle && <Typography level="body-xs" noWrap>{subtitle}</Typography>}
      </Box>
      <Button
        size="sm"
        variant="soft"
        aria-label={action.name}
        disabled={action.disabled}
        onClick={(event) => {
          // The pick takes its row, and this button, out of the list (the list too, when it
          // was the last). Focus goes to the dialog first: left on a removed button it would
          // fall to the page, where Escape misses the dialog until its focus trap's next check.
          event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Box>
  );
}
