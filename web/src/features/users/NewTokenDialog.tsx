// New Token (spec 4 §6): a name, then the token shown once (ui/SecretDialog).
// The token is held in this dialog's state only, and forgotten when it closes:
// never in the query cache, so never in the persisted cache, IndexedDB or
// localStorage (scim_tokens.ts drops the mutation that answered it as well).
import { useState } from "react";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import { AddDialog } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { SecretDialog } from "../../ui/SecretDialog";
import { doneToast } from "../../ui/toast/change_toasts";
import { PROVISIONING_TEXTS as T } from "./provisioning_display";
import { useCreateScimToken } from "./scim_tokens";
import { tokenNameProblem } from "./token_name";

export function NewTokenDialog({ open, online, onClose }: { open: boolean; online: boolean; onClose: () => void }) {
  const create = useCreateScimToken();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const close = () => {
    setName("");
    setProblem(null);
    onClose();
  };
  const submit = () => {
    const found = tokenNameProblem(name);
    setProblem(found);
    if (found) return;
    create.mutate({ name: name.trim() }, {
      onSuccess: (made) => {
        doneToast(T.created);
        close();
        setToken(made.token);
      },
      // In the dialog: while it is open, a toast is hidden from assistive technology.
      onError: (error) => setProblem(serverMessage(error, T.createFailed)),
    });
  };
  const forget = () => {
    setToken(null);
    create.reset();
  };
  return (
    <>
      <AddDialog
        title={T.newToken}
        submitLabel={T.create}
        open={open}
        busy={create.isPending}
        ready={online && name.trim() !== ""}
        onSubmit={submit}
        onClose={close}
        width={480}
      >
        {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
        <NameField
          label={T.name}
          value={name}
          onChange={(value) => {
            setName(value);
            setProblem(null);
          }}
          problem={problem}
          help={T.nameHelp}
          input={{ placeholder: T.namePlaceholder }}
        />
      </AddDialog>
      <SecretDialog secret={token} title={T.tokenTitle} warning={T.tokenWarning} onClose={forget} />
    </>
  );
}
