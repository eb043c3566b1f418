// /dash/user/{id}, the Overview tab (spec 1 §2, §4, §5, §8): Personal Details,
// the Identity Verification card and the Danger Zone.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import { DangerZone, type DangerTexts } from "../../ui/DangerZone";
import { DetailsForm } from "../../ui/DetailsForm";
import { OverviewGrid } from "../../ui/OverviewGrid";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { toast } from "../../ui/toast/toast";
import type { User } from "../../api/users";
import { useUserVerification } from "./api";
import { useDeleteUser, useToggleUser, useUpdateUser } from "./changes";
import { UserLayout } from "./UserLayout";
import {
  DELETE_USER_MESSAGES,
  deleteUserConfirmation,
  EDIT_USER_MESSAGES,
  type UserDetailsForm,
  userDetailsComplete,
} from "./user_forms";
import { toggledToast, toggleFailedToast } from "./user_toasts";
import {
  VERIFICATION_ERROR_TITLE,
  verificationDateText,
  verificationDisplay,
  verificationErrorText,
} from "./verification_display";

export default function UserPage() {
  return (
    <UserLayout tab="Overview">
      {(user) => (
        <OverviewGrid
          main={<PersonalDetails key={`${user.id}:${user.updatedAt}`} user={user} />}
          side={
            <>
              <IdentityVerification user={user} />
              <UserDangerZone user={user} />
            </>
          }
        />
      )}
    </UserLayout>
  );
}

const DETAIL_FIELDS: { name: keyof UserDetailsForm; label: string; type: string }[] = [
  { name: "firstName", label: "First Name", type: "text" },
  { name: "lastName", label: "Last Name", type: "text" },
  { name: "email", label: "Email", type: "email" },
];

function PersonalDetails({ user }: { user: User }) {
  const saved: UserDetailsForm = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  const [form, setForm] = useState<UserDetailsForm>(saved);
  const update = useUpdateUser({
    onSuccess: (result) => doneToast("User updated", result, "The user's details have been saved."),
    onError: (error) => failedToast(EDIT_USER_MESSAGES.failedTitle, error, EDIT_USER_MESSAGES.failed),
  });

  function onSubmit() {
    if (!userDetailsComplete(form)) {
      toast({ title: EDIT_USER_MESSAGES.invalidTitle, description: EDIT_USER_MESSAGES.invalid, variant: "destructive" });
      return;
    }
    update.mutate({
      user,
      form: { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() },
    });
  }

  return (
    <DetailsForm
      title="Personal Details"
      onSubmit={onSubmit}
      busy={update.isPending}
      changed={DETAIL_FIELDS.some((field) => form[field.name] !== saved[field.name])}
      onReset={() => setForm(saved)}
    >
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        {DETAIL_FIELDS.map((field) => (
          <FormControl key={field.name} sx={field.name === "email" ? { gridColumn: { sm: "1 / -1" } } : undefined}>
            <FormLabel>{field.label}</FormLabel>
            <Input
              name={field.name}
              type={field.type}
              value={form[field.name]}
              onChange={(e) => setForm((f) => ({ ...f, [field.name]: e.target.value }))}
            />
          </FormControl>
        ))}
      </Box>
    </DetailsForm>
  );
}

function IdentityVerification({ user }: { user: User }) {
  const { data, isPending, isError } = useUserVerification(user.id);
  const shown = verificationDisplay(data);
  const problem = verificationErrorText(data);
  const date = verificationDateText(data?.verificationDate);
  return (
    <Card component="section" aria-labelledby="identity-verification" sx={{ gap: 1.5 }}>
      <Typography id="identity-verification" level="title-lg" component="h2">Identity Verification</Typography>
      {isPending && user.id > 0 ? <Typography level="body-sm" role="status">Loading verification status...</Typography> : (
        <>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
            {data?.verified && data.verificationUrl
              ? (
                <Chip
                  color="success"
                  variant="solid"
                  slotProps={{
                    action: {
                      component: "a",
                      href: data.verificationUrl,
                      target: "_blank",
                      rel: "noopener noreferrer",
                      "aria-label": "Verified (opens the verification in a new tab)",
                    },
                  }}
                >
                  Verified
                </Chip>
              )
              : <Chip color={shown.color} variant={shown.label === "Verified" ? "solid" : "soft"}>{shown.label}</Chip>}
            {data?.verified && date && <Typography level="body-sm">Verified on {date}</Typography>}
          </Box>
          {shown.text && <Typography level="body-sm">{shown.text}</Typography>}
          {isError && <Typography level="body-sm">The verification status could not be read.</Typography>}
          {problem && (
            <Alert color="danger" variant="soft" sx={{ flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
              <Typography level="title-sm" textColor="inherit">{VERIFICATION_ERROR_TITLE}</Typography>
              <Typography level="body-sm" textColor="inherit">{problem}</Typography>
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}

const USER_DANGER: DangerTexts = {
  active: "Deactivating revokes all of this user's access and permissions.",
  inactive: "Reactivating restores this user's access and permissions.",
  remove: "Permanently delete this user. This action cannot be undone.",
};

function UserDangerZone({ user }: { user: User }) {
  const navigate = useNavigate();
  const toggle = useToggleUser({ onSuccess: toggledToast, onError: toggleFailedToast });
  const remove = useDeleteUser({
    onSuccess: (result) => {
      doneToast(DELETE_USER_MESSAGES.doneTitle, result, DELETE_USER_MESSAGES.done);
      navigate("/dash/users");
    },
    onError: (error) => failedToast(DELETE_USER_MESSAGES.failedTitle, error, DELETE_USER_MESSAGES.failed),
  });
  return (
    <DangerZone kind="User" item={user} onWord="Reactivate" busyText="verb" texts={USER_DANGER} toggle={toggle} remove={remove} confirm={deleteUserConfirmation(user)} />
  );
}
