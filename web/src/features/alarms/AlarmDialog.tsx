// One alarm in a dialog: opened by its card's Acknowledge or Resolve (the note then
// shows at once) or by a critical alarm's toast (`?alarm=<id>`: the alarm, and its
// actions). The note is optional, at most 500 characters. Sent at once or not at
// all: offline the actions are off and say `Alarms need a connection`.
import { useId, useState } from "react";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import { useOnline } from "../../offline/use_outbox";
import { Form } from "../../ui/Form";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { type Alarm, type AlarmAction, alarmActions, ALARM_TEXTS as T, NOTE_MAX } from "./alarm_display";
import { useAlarmAction } from "./api";
import { AlarmSummary } from "./AlarmSummary";

const WORDS = {
  acknowledge: { verb: T.acknowledge, done: T.acknowledged, failed: T.acknowledgeFailed, color: "primary" },
  resolve: { verb: T.resolve, done: T.resolved, failed: T.resolveFailed, color: "success" },
} as const;

type Props = { alarm: Alarm; action: AlarmAction | null; onClose: () => void };

export function AlarmDialog({ alarm, action: chosen, onClose }: Props) {
  const titleId = useId();
  const online = useOnline();
  const [action, setAction] = useState<AlarmAction | null>(chosen);
  const [note, setNote] = useState("");
  // Also in the dialog: while it is open, the toast is hidden from assistive technology.
  const [refusal, setRefusal] = useState<string | null>(null);
  const act = useAlarmAction();
  const tooLong = note.trim().length > NOTE_MAX;
  const send = () => {
    if (!action || act.isPending || !online || tooLong) return;
    const words = WORDS[action];
    act.mutate({ alarm, action, note }, {
      onSuccess: () => {
        doneToast(words.done);
        onClose();
      },
      onError: (error) => {
        failedToast(words.failed, error);
        setRefusal(serverMessage(error, words.failed));
      },
    });
  };

  return (
    <Modal open onClose={act.isPending ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))", overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={act.isPending} />
        <AlarmSummary alarm={alarm} titleId={titleId} />
        <Form onSubmit={send}>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {action && (
              <FormControl error={tooLong}>
                <FormLabel>{T.note}</FormLabel>
                <Textarea name="note" minRows={2} value={note} onChange={(event) => setNote(event.target.value)} autoFocus />
                <FormHelperText>{note.trim().length}/{NOTE_MAX}</FormHelperText>
              </FormControl>
            )}
            {refusal && <Typography role="alert" color="danger" level="body-sm">{refusal}</Typography>}
            {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
          </Stack>
          <DialogActions sx={{ pt: 2 }}>
            {action
              ? (
                <Button type="submit" color={WORDS[action].color} loading={act.isPending} disabled={!online || tooLong}>
                  {WORDS[action].verb}
                </Button>
              )
              : alarmActions(alarm).map((next) => (
                <Button key={next} variant="outlined" color={WORDS[next].color} disabled={!online} onClick={() => setAction(next)}>
                  {WORDS[next].verb}
                </Button>
              ))}
            <Button variant="plain" color="neutral" disabled={act.isPending} onClick={onClose}>Cancel</Button>
          </DialogActions>
        </Form>
      </ModalDialog>
    </Modal>
  );
}
