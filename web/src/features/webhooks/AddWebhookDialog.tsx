// Add Webhook (spec 3 §6): URL, description and event types; on success the
// signing secret is shown once (SecretDialog), and the new webhook's page opens
// when it is closed.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { AddDialog } from "../../ui/AddDialog";
import { SecretDialog } from "../../ui/SecretDialog";
import { DescriptionField } from "../../ui/DescriptionField";
import { serverMessage } from "../../api/api_error";
import { doneToast } from "../../ui/toast/change_toasts";
import type { Subscribable } from "../../../../api/events/contract.ts";
import { urlProblem, WEBHOOK_MESSAGES } from "../../../../api/webhooks/schemas.ts";
import { useCreateWebhook } from "./api";
import { EventTypesField } from "./EventTypesField";
import { WEBHOOK_TEXTS as T } from "./webhook_display";

const EMPTY = { url: "", description: "", eventTypes: [] as Subscribable[] };

export function AddWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateWebhook();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<{ id: number; secret: string } | null>(null);
  const close = () => {
    setForm(EMPTY);
    setProblem(null);
    onClose();
  };
  const submit = () => {
    const url = form.url.trim();
    const found = url ? urlProblem(url) : WEBHOOK_MESSAGES.urlRequired;
    setProblem(found ?? null);
    if (found) return;
    create.mutate({ url, description: form.description, eventTypes: form.eventTypes }, {
      onSuccess: (webhook) => {
        doneToast(T.created);
        close();
        setMade({ id: webhook.id, secret: webhook.secret });
      },
      onError: (error) => setProblem(serverMessage(error, T.createFailed)),
    });
  };
  return (
    <>
      <AddDialog title={T.add} submitLabel={T.add} open={open} busy={create.isPending} onSubmit={submit} onClose={close} width={520}>
        {problem && <Alert color="danger" variant="soft" role="alert">{problem}</Alert>}
        <FormControl required>
          <FormLabel>{T.url}</FormLabel>
          <Input
            type="url"
            autoFocus
            placeholder="https://example.com/webhooks/threshold"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
        </FormControl>
        <DescriptionField value={form.description} onChange={(description) => setForm({ ...form, description })} minRows={2} />
        <EventTypesField value={form.eventTypes} onChange={(eventTypes) => setForm({ ...form, eventTypes })} />
      </AddDialog>
      <SecretDialog
        secret={made?.secret ?? null}
        title={T.secretTitle}
        warning={T.secretNote}
        onClose={() => {
          setMade(null);
          if (made) navigate(`/dash/webhooks/${made.id}`);
        }}
      />
    </>
  );
}
