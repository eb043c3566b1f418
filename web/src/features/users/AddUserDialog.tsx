// "Add New User" (spec 1 §2, §5, §8; spec 4 §4): first name, last name, e-mail,
// and `Send an invitation e-mail` (on at first), or else a password. Invited, the
// person chooses their password from the e-mail, and the field is hidden. The
// rules are checked before sending (password at least 8 characters, a valid
// e-mail, every field shown required); the server's refusal (a taken e-mail) is
// shown as it says it. On success the dialog closes and the new user's page
// opens; offline the user is created on this device and its page opens at once
// (an invitation is e-mailed once the create reaches the server).
import { useState } from "react";
import Alert from "@mui/joy/Alert";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { ApiError, serverMessage } from "../../api/api_error";
import { isQueued } from "../../api/mutations";
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { doneToast } from "../../ui/toast/change_toasts";
import { useCreateUser } from "./changes";
import {
  MIN_PASSWORD_LENGTH,
  NEW_USER_MESSAGES,
  type NewUserErrors,
  type NewUserForm,
  newUserErrors,
  newUserPayload,
} from "./user_forms";

const EMPTY: NewUserForm = { firstName: "", lastName: "", email: "", password: "", invite: true };

type Field = { name: Exclude<keyof NewUserForm, "invite">; label: string; type: string; autoComplete: string };

const FIELDS: Field[] = [
  { name: "firstName", label: "First Name", type: "text", autoComplete: "off" },
  { name: "lastName", label: "Last Name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
];
/** Shown only without an invitation, under the switch. */
const PASSWORD: Field = { name: "password", label: "Password", type: "password", autoComplete: "new-password" };

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [errors, setErrors] = useState<NewUserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { form, set, dialog, opened } = useAddForm(EMPTY, {
    open,
    onClose,
    pageOf: (id) => `/dash/user/${id}`,
    reset: () => {
      setErrors({});
      setFailure(null);
    },
  });

  const create = useCreateUser({
    onSuccess: (result) => {
      // Online the user's page is the news; a user made offline says it waits.
      if (isQueued(result)) doneToast("User added", result);
      opened(result);
    },
    onError: (error) =>
      setFailure(
        !(error instanceof ApiError) ? NEW_USER_MESSAGES.createNetwork : serverMessage(error, NEW_USER_MESSAGES.createFailed),
      ),
  });

  function onSubmit() {
    const found = newUserErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return setFailure(NEW_USER_MESSAGES.summary);
    setFailure(null);
    create.mutate(newUserPayload(form));
  }

  const field = ({ name, label, type, autoComplete }: Field) => (
    <FormControl key={name} required error={Boolean(errors[name])}>
      <FormLabel>{label}</FormLabel>
      <Input
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        slotProps={{ input: name === "password" ? { minLength: MIN_PASSWORD_LENGTH } : {} }}
      />
      {errors[name] && <FormHelperText>{errors[name]}</FormHelperText>}
    </FormControl>
  );

  return (
    <AddDialog title="Add New User" submitLabel="Create User" busy={create.isPending} onSubmit={onSubmit} {...dialog}>
      {failure && <Alert color="danger" role="alert">{failure}</Alert>}
      {FIELDS.map(field)}
      <LabelledSwitch
        label="Send an invitation e-mail"
        checked={form.invite}
        onChange={(invite) => {
          // The hidden password is neither kept nor checked.
          set({ invite, password: "" });
          setErrors(({ password: _hidden, ...shown }) => shown);
        }}
      />
      {!form.invite && field(PASSWORD)}
    </AddDialog>
  );
}
