// "Add Credentials" and editing a credential (spec 1 §2, §5): a type (required:
// the button stays disabled without one), a facility code and a card code,
// trimmed. The server's refusal (a card already registered, a missing card
// code) is shown as it says it.
import { useId, useState } from "react";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Stack from "@mui/joy/Stack";
import { isQueued } from "../../api/mutations";
import { toast } from "../../ui/toast/toast";
import type { Credential } from "./api";
import { type CredentialForm, useAddCredential, useUpdateCredential } from "./changes";
import { CREDENTIAL_TYPES, credentialFormReady } from "./credential_rules";
import { OFFLINE_NOTE } from "../../ui/toast/change_toasts";
import { serverMessage } from "../../api/api_error";
import { Form } from "../../ui/Form";

type Props = {
  userId: number;
  /** The credential being edited; null to add one. */
  editing: Credential | null;
  open: boolean;
  onClose: () => void;
};

const formOf = (c: Credential | null): CredentialForm => ({
  type: c?.type ?? "",
  facilityCode: c?.facilityCode ?? "",
  cardCode: c?.cardCode ?? "",
});

export function CredentialDialog(props: Props) {
  const titleId = useId();
  return (
    <Modal open={props.open} onClose={props.onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(420px, calc(100vw - 32px))" }}>
        {/* A fresh form each time it opens. */}
        <CredentialForm key={`${props.editing?.id ?? "new"}:${props.open}`} titleId={titleId} {...props} />
      </ModalDialog>
    </Modal>
  );
}

function CredentialForm({ userId, editing, onClose, titleId }: Props & { titleId: string }) {
  const [form, setForm] = useState<CredentialForm>(formOf(editing));
  // Shown in the dialog: while a modal is open the page behind it, toasts
  // included, is hidden from assistive technology.
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (error: Error) =>
    setFailure(serverMessage(error, editing ? "Failed to update credential" : "Failed to add credential"));
  const add = useAddCredential({
    onSuccess: (result) => {
      toast({ title: "Credential added", description: isQueued(result) ? OFFLINE_NOTE : undefined });
      onClose();
    },
    onError: failed,
  });
  const update = useUpdateCredential({
    onSuccess: (result) => {
      toast({ title: "Credential updated", description: isQueued(result) ? OFFLINE_NOTE : undefined });
      onClose();
    },
    onError: failed,
  });
  const busy = add.isPending || update.isPending;

  function onSubmit() {
    if (!credentialFormReady(form) || busy) return;
    setFailure(null);
    if (editing) update.mutate({ credential: editing, form });
    else add.mutate({ userId, form });
  }

  return (
    <>
      <ModalClose aria-label="Close" disabled={busy} />
      <DialogTitle id={titleId} component="h2">{editing ? "Edit Credential" : "Add Credentials"}</DialogTitle>
      <Form onSubmit={onSubmit}>
        <Stack spacing={1.5}>
          {failure && <Alert color="danger" role="alert">{failure}</Alert>}
          <FormControl required>
            <FormLabel>Type</FormLabel>
            <Select
              placeholder="Select a type"
              value={form.type || null}
              onChange={(_, value) => setForm((f) => ({ ...f, type: value ?? "" }))}
            >
              {CREDENTIAL_TYPES.map((type) => <Option key={type} value={type}>{type}</Option>)}
            </Select>
          </FormControl>
          <FormControl>
            <FormLabel>Facility Code</FormLabel>
            <Input value={form.facilityCode} onChange={(e) => setForm((f) => ({ ...f, facilityCode: e.target.value }))} />
          </FormControl>
          <FormControl>
            <FormLabel>Card Code</FormLabel>
            <Input value={form.cardCode} onChange={(e) => setForm((f) => ({ ...f, cardCode: e.target.value }))} />
          </FormControl>
        </Stack>
        <DialogActions sx={{ pt: 2 }}>
          <Button type="submit" disabled={!credentialFormReady(form) || busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Add Credential"}
          </Button>
          <Button variant="plain" color="neutral" disabled={busy} onClick={onClose}>Cancel</Button>
        </DialogActions>
      </Form>
    </>
  );
}
