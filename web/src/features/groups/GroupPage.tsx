// /dash/groups/{id}, the Overview tab (spec 1 §2, §5, §8): edit the name and
// description (both required), the member and room counts, and a Danger Zone
// to deactivate or reactivate the group, or delete it.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { DangerZone } from "../../ui/DangerZone";
import { toast } from "../../ui/toast/toast";
import type { Group } from "./api";
import { useDeleteGroup, useToggleGroup, useUpdateGroup } from "./changes";
import { GroupLayout } from "./GroupLayout";
import { GROUP_MESSAGES as M, groupEditComplete } from "./group_forms";
import { done, failed, toggleToasts } from "./group_toasts";

export default function GroupPage() {
  return (
    <GroupLayout tab="Overview">
      {(group) => (
        <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
          <GroupDetails key={`${group.id}:${group.updatedAt}`} group={group} />
          <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
            <Counts group={group} />
            <GroupDangerZone group={group} />
          </Box>
        </Box>
      )}
    </GroupLayout>
  );
}

function GroupDetails({ group }: { group: Group }) {
  const [form, setForm] = useState({ name: group.name, description: group.description ?? "" });
  const update = useUpdateGroup({
    onSuccess: (result) => done(M.updated, result),
    onError: (error) => failed(M.updateFailed, error),
  });
  const changed = form.name !== group.name || form.description !== (group.description ?? "");

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!groupEditComplete(form)) {
      toast({ title: "Validation Error", description: M.editInvalid, variant: "destructive" });
      return;
    }
    update.mutate({ group, name: form.name.trim(), description: form.description.trim() });
  }

  return (
    <Card component="section" aria-labelledby="group-details" sx={{ gap: 2 }}>
      <Typography id="group-details" level="title-lg" component="h2">Group Details</Typography>
      <form onSubmit={onSubmit} noValidate>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <FormControl>
            <FormLabel>Name</FormLabel>
            <Input name="name" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
          </FormControl>
          <FormControl>
            <FormLabel>Description</FormLabel>
            <Textarea
              name="description"
              minRows={3}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          </FormControl>
        </Box>
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 2 }}>
          <Button
            variant="plain"
            color="neutral"
            disabled={!changed || update.isPending}
            onClick={() => setForm({ name: group.name, description: group.description ?? "" })}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!changed || update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </Box>
      </form>
    </Card>
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

function GroupDangerZone({ group }: { group: Group }) {
  const navigate = useNavigate();
  const toggle = useToggleGroup(toggleToasts);
  const remove = useDeleteGroup({
    onSuccess: (result) => {
      done(M.deleted, result);
      navigate("/dash/groups");
    },
    onError: (error) => failed(M.deleteFailed, error),
  });
  const busy = toggle.isPending || remove.isPending;
  const toggleLabel = group.isActive
    ? toggle.isPending ? "Deactivating..." : "Deactivate Group"
    : toggle.isPending ? "Reactivating..." : "Reactivate Group";
  return (
    <DangerZone
      labelId="group-danger-zone"
      active={group.isActive}
      busy={busy}
      toggle={{
        title: group.isActive ? "Deactivate Group" : "Reactivate Group",
        text: group.isActive
          ? "Deactivating a group disables access for all its members."
          : "Reactivating restores access for all its members.",
        label: toggleLabel,
        onClick: () => toggle.mutate(group),
      }}
      remove={{
        title: "Delete Group",
        text: "Permanently delete this group. Its members lose the access it gave them.",
        label: remove.isPending ? "Deleting..." : "Delete Group",
        onClick: () => remove.mutate(group),
      }}
    />
  );
}
