// /dash/groups/{id}, the Overview tab (spec 1 §2, §5, §8): edit the name and
// description (both required) and whether members can open doors during
// lockdown (spec 3 §2), saved together; the member and room counts, and a
// Danger Zone to deactivate or reactivate the group, or delete it.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import type { Group } from "../../api/groups";
import { DangerZone, type DangerTexts } from "../../ui/DangerZone";
import { DetailsForm } from "../../ui/DetailsForm";
import { OverviewGrid } from "../../ui/OverviewGrid";
import { doneToast, failedToast, validationToast } from "../../ui/toast/change_toasts";
import { useDeleteGroup, useToggleGroup, useUpdateGroup } from "./changes";
import { GroupLayout } from "./GroupLayout";
import { GROUP_MESSAGES as M, groupEditComplete } from "./group_forms";
import { toggleToasts } from "./group_toasts";
import { DescriptionField } from "../../ui/DescriptionField";
import { LabelledSwitch } from "../../ui/LabelledSwitch";

export default function GroupPage() {
  return (
    <GroupLayout tab="Overview">
      {(group) => (
        <OverviewGrid
          main={<GroupDetails key={`${group.id}:${group.updatedAt}`} group={group} />}
          side={
            <>
              <Counts group={group} />
              <GroupDangerZone group={group} />
            </>
          }
        />
      )}
    </GroupLayout>
  );
}

function GroupDetails({ group }: { group: Group }) {
  const saved = { name: group.name, description: group.description ?? "", lockdownOverride: group.lockdownOverride };
  const [form, setForm] = useState(saved);
  const update = useUpdateGroup({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => failedToast(M.updateFailed, error),
  });

  function onSubmit() {
    if (!groupEditComplete(form)) return validationToast(M.editInvalid);
    update.mutate({ group, name: form.name.trim(), description: form.description.trim(), lockdownOverride: form.lockdownOverride });
  }

  return (
    <DetailsForm
      title="Group Details"
      onSubmit={onSubmit}
      busy={update.isPending}
      changed={form.name !== saved.name || form.description !== saved.description || form.lockdownOverride !== saved.lockdownOverride}
      onReset={() => setForm(saved)}
    >
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        <FormControl>
          <FormLabel>Name</FormLabel>
          <Input name="name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
        </FormControl>
        <DescriptionField value={form.description} onChange={(description) => setForm((f) => ({ ...f, description }))} />
        <LabelledSwitch
          label="Can open doors during lockdown"
          checked={form.lockdownOverride}
          onChange={(lockdownOverride) => setForm((f) => ({ ...f, lockdownOverride }))}
        />
      </Box>
    </DetailsForm>
  );
}

function Counts({ group }: { group: Group }) {
  return (
    <Card component="section" aria-label="Members and rooms" orientation="horizontal" sx={{ gap: 3 }}>
      <Box>
        <Typography level="h2" component="p" fontSize="xl2">{group.userCount}</Typography>
        <Typography level="body-sm">{group.userCount === 1 ? "User" : "Users"}</Typography>
      </Box>
      <Box>
        <Typography level="h2" component="p" fontSize="xl2">{group.roomCount}</Typography>
        <Typography level="body-sm">{group.roomCount === 1 ? "Room" : "Rooms"}</Typography>
      </Box>
    </Card>
  );
}

const GROUP_DANGER: DangerTexts = {
  active: "Deactivating a group disables access for all its members.",
  inactive: "Reactivating restores access for all its members.",
  remove: "Permanently delete this group. Its members lose the access it gave them.",
};

function GroupDangerZone({ group }: { group: Group }) {
  const navigate = useNavigate();
  const toggle = useToggleGroup(toggleToasts);
  const remove = useDeleteGroup({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      navigate("/dash/groups");
    },
    onError: (error) => failedToast(M.deleteFailed, error),
  });
  return (
    <DangerZone kind="Group" item={group} onWord="Reactivate" busyText="verb" texts={GROUP_DANGER} toggle={toggle} remove={remove} />
  );
}
