// Add Visit and Edit Visit (spec 4 §5), and a member's Invite a Guest: guest name,
// guest e-mail, the host (an admin chooses; a member is the host), the rooms, start,
// end and a note. Sent at once or not at all (features/visitors/api.ts); the server's
// refusal is shown in the dialog as it words it (`Guest name is required`, `The visit
// must end after it starts`, `A visit lasts at most 14 days`, …). Offline the submit
// is off and the dialog says the change needs a connection.
import { useState } from "react";
import Alert from "@mui/joy/Alert";
import Autocomplete from "@mui/joy/Autocomplete";
import Chip from "@mui/joy/Chip";
import ChipDelete from "@mui/joy/ChipDelete";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Stack from "@mui/joy/Stack";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import { useOnline } from "../../offline/use_outbox";
import { AddDialog } from "../../ui/AddDialog";
import { doneToast } from "../../ui/toast/change_toasts";
import { type VisitBody, useCreateVisit, useUpdateVisit } from "./api";
import { defaultWindow, fromLocalInput, localInput, type Visit, VISIT_TEXTS as T } from "./visit_display";

export type Option = { id: number; label: string };

const NOTE_MAX = 500;

type Form = { guestName: string; guestEmail: string; host: Option | null; rooms: Option[]; start: string; end: string; note: string };

type Props = {
  open: boolean;
  onClose: () => void;
  /** The visit edited; none for a new one. */
  visit?: Visit | null;
  /** The rooms that may be chosen. */
  rooms: Option[];
  /** The hosts an admin chooses from, and who is proposed; absent for a member, who is the host. */
  hosts?: { options: Option[]; proposed: Option | null };
  /** The add dialog's title and button (Add Visit / Create Visit, or Invite a Guest / Send Invitation). */
  texts?: { title: string; submit: string };
  /** A visit made: after the dialog's toast. */
  onCreated?: (visit: Visit) => void;
};

function formOf(visit: Visit | null | undefined, hosts: Props["hosts"]): Form {
  if (!visit) {
    const { start, end } = defaultWindow(new Date());
    return { guestName: "", guestEmail: "", host: hosts?.proposed ?? null, rooms: [], start, end, note: "" };
  }
  return {
    guestName: visit.guestName,
    guestEmail: visit.guestEmail ?? "",
    host: { id: visit.host.id, label: visit.host.name },
    rooms: visit.roomIds.map((id, i) => ({ id, label: visit.roomNames[i] })),
    start: localInput(new Date(visit.startsAt)),
    end: localInput(new Date(visit.endsAt)),
    note: visit.note,
  };
}

/** The request the server is sent: its own checks, and its own words for what is wrong. */
const bodyOf = (form: Form, withHost: boolean): VisitBody => ({
  guestName: form.guestName,
  guestEmail: form.guestEmail.trim() || null,
  ...(withHost && form.host ? { hostId: form.host.id } : {}),
  roomIds: form.rooms.map((room) => room.id),
  startsAt: fromLocalInput(form.start) ?? form.start,
  endsAt: fromLocalInput(form.end) ?? form.end,
  note: form.note,
});

/** The dialog, its fields made afresh each time it opens. */
export function VisitDialog(props: Props) {
  if (!props.open) return null;
  return <VisitForm {...props} />;
}

function VisitForm({ onClose, visit, rooms, hosts, texts, onCreated }: Props) {
  const online = useOnline();
  const [form, setForm] = useState(() => formOf(visit, hosts));
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const create = useCreateVisit();
  const update = useUpdateVisit();
  const busy = create.isPending || update.isPending;
  const failed = (fallback: string) => (error: Error) => setFailure(serverMessage(error, fallback));

  function submit() {
    if (!online) return;
    setFailure(null);
    const body = bodyOf(form, hosts !== undefined);
    if (visit) {
      update.mutate({ visit, body }, {
        onSuccess: () => {
          doneToast(T.updated);
          onClose();
        },
        onError: failed(T.updateFailed),
      });
    } else {
      create.mutate(body, {
        onSuccess: (made) => {
          doneToast(T.added, undefined, made.guestEmail ? `${made.guestName} is e-mailed their pass.` : undefined);
          onClose();
          onCreated?.(made);
        },
        onError: failed(T.createFailed),
      });
    }
  }

  return (
    <AddDialog
      open
      title={visit ? T.editTitle : texts?.title ?? T.addTitle}
      submitLabel={visit ? T.save : texts?.submit ?? T.create}
      busyLabel={visit ? T.saving : undefined}
      busy={busy}
      ready={online}
      onSubmit={submit}
      onClose={onClose}
      width={520}
    >
      {failure && <Alert color="danger" role="alert">{failure}</Alert>}
      {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
      <FormControl required>
        <FormLabel>{T.guestName}</FormLabel>
        <Input name="guestName" autoComplete="off" value={form.guestName} onChange={(e) => set({ guestName: e.target.value })} />
      </FormControl>
      <FormControl>
        <FormLabel>{T.guestEmail}</FormLabel>
        <Input name="guestEmail" type="email" autoComplete="off" value={form.guestEmail} onChange={(e) => set({ guestEmail: e.target.value })} />
        <FormHelperText>{T.guestEmailHelp}</FormHelperText>
      </FormControl>
      {hosts && (
        <FormControl required>
          <FormLabel>{T.host}</FormLabel>
          <Autocomplete
            options={hosts.options}
            value={form.host}
            onChange={(_, host) => set({ host })}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={firstMatches}
            placeholder="Search people"
            autoHighlight
          />
        </FormControl>
      )}
      <FormControl required>
        <FormLabel>{T.rooms}</FormLabel>
        <Autocomplete
          multiple
          options={rooms}
          value={form.rooms}
          onChange={(_, chosen) => set({ rooms: chosen })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          // Each chosen room's remove button is named for it (Joy's own has no name).
          renderTags={(chosen, tagProps) =>
            chosen.map((room, index) => {
              const { key: _key, onClick, ...tag } = tagProps({ index });
              return (
                <Chip {...tag} key={room.id} variant="soft" color="primary" endDecorator={<ChipDelete aria-label={`Remove ${room.label}`} onClick={onClick} />}>
                  {room.label}
                </Chip>
              );
            })}
          placeholder={form.rooms.length ? undefined : "Choose rooms"}
          autoHighlight
        />
      </FormControl>
      <Stack direction={{ xs: "column", sm: "row" }} gap={1.5}>
        <FormControl required sx={{ flex: 1 }}>
          <FormLabel>{T.start}</FormLabel>
          <Input name="startsAt" type="datetime-local" value={form.start} onChange={(e) => set({ start: e.target.value })} />
        </FormControl>
        <FormControl required sx={{ flex: 1 }}>
          <FormLabel>{T.end}</FormLabel>
          <Input name="endsAt" type="datetime-local" value={form.end} onChange={(e) => set({ end: e.target.value })} />
        </FormControl>
      </Stack>
      <FormControl>
        <FormLabel>{T.note}</FormLabel>
        <Textarea name="note" minRows={2} value={form.note} onChange={(e) => set({ note: e.target.value })} />
        <FormHelperText>{form.note.trim().length}/{NOTE_MAX}</FormHelperText>
      </FormControl>
    </AddDialog>
  );
}

const MATCHES_SHOWN = 50;

/** The first 50 people whose name holds what was typed: a list of thousands is never drawn whole. */
function firstMatches(options: Option[], { inputValue }: { inputValue: string }): Option[] {
  const needle = inputValue.trim().toLowerCase();
  const found: Option[] = [];
  for (const option of options) {
    if (!needle || option.label.toLowerCase().includes(needle)) found.push(option);
    if (found.length === MATCHES_SHOWN) break;
  }
  return found;
}
