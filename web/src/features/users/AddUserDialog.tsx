// "Add New User" (spec 1 §2, §5, §8): first name, last name, e-mail, password.
// The rules are checked before sending (password at least 8 characters, a
// valid e-mail, all four required); the server's refusal (a taken e-mail) is
// shown as it says it. On success the dialog closes and the new user's page
// opens; offline the user is created on this device and its page opens at once.
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import { isQueued } from "../../api/mutations";
import { ApiError } from "../../api/api_error";
import { toast } from "../../ui/toast/toast";
import { useCreateUser } from "./changes";
import {
  MIN_PASSWORD_LENGTH,
  NEW_USER_MESSAGES,
  type NewUserErrors,
  type NewUserForm,
  newUserErrors,
  newUserPayload,
} from "./user_forms";
import { OFFLINE_NOTE } from "./user_toasts";
import { serverMessage } from "../../api/api_error";

const EMPTY: NewUserForm = { firstName: "", lastName: "", email: "", password: "" };

const FIELDS: { name: keyof NewUserForm; label: string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: "First Name", type: "text", autoComplete: "off" },
  { name: "lastName", label: "Last Name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
];

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [form, setForm] = useState<NewUserForm>(EMPTY);
  const [errors, setErrors] = useState<NewUserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const create = useCreateUser({
    onSuccess: (result) => {
      close();
      if (isQueued(result)) toast({ title: "User added", description: OFFLINE_NOTE });
      if (result.id !== undefined) navigate(`/dash/user/${result.id}`);
    },
    onError: (error) =>
      setFailure(
        !(error instanceof ApiError) ? NEW_USER_MESSAGES.createNetwork : serverMessage(error, NEW_USER_MESSAGES.createFailed),
      ),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const found = newUserErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return setFailure(NEW_USER_MESSAGES.summary);
    setFailure(null);
    create.mutate(newUserPayload(form));
  }

  return (
    <Modal open={open} onClose={create.isPending ? undefined : close}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(440px, calc(100vw - 32px))", overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={create.isPending} />
        <DialogTitle id={titleId} component="h2">Add New User</DialogTitle>
        {/* noValidate: the inputs keep required/minLength, and the spec's own messages are shown. */}
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1.5}>
            {failure && <Alert color="danger" role="alert">{failure}</Alert>}
            {FIELDS.map((field) => (
              <FormControl key={field.name} required error={Boolean(errors[field.name])}>
                <FormLabel>{field.label}</FormLabel>
                <Input
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  value={form[field.name]}
                  onChange={(e) => setForm((f) => ({ ...f, [field.name]: e.target.value }))}
                  slotProps={{ input: field.name === "password" ? { minLength: MIN_PASSWORD_LENGTH } : {} }}
                />
                {errors[field.name] && <FormHelperText>{errors[field.name]}</FormHelperText>}
              </FormControl>
            ))}
          </Stack>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" loading={false} disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create User"}
            </Button>
            <Button variant="plain" color="neutral" disabled={create.isPending} onClick={close}>
              Cancel
            </Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </Modal>
  );
}
