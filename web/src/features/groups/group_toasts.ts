// The group switch's toasts (spec 1 §8), the same on the list's actions and the group's page.
import type { Group } from "../../api/groups";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { GROUP_MESSAGES as M } from "./group_forms";

export const toggleToasts = {
  onSuccess: (result: unknown, group: Group) => doneToast(group.isActive ? M.deactivated : M.activated, result),
  onError: (error: Error) => failedToast(M.toggleFailed, error, M.toggleFallback),
};
