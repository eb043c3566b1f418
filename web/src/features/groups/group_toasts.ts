// Toasts of the groups area (spec 1 §8), with the server's message when it gave one.
import { isQueued } from "../../api/mutations";
import { toast } from "../../ui/toast/toast";
import { OFFLINE_NOTE } from "../users/user_toasts";
import type { Group } from "./api";
import { GROUP_MESSAGES as M } from "./group_forms";
import { serverMessage } from "../../api/api_error";

export const done = (title: string, result?: unknown) =>
  toast({ title, description: isQueued(result) ? OFFLINE_NOTE : undefined });

export const failed = (title: string, error: Error, fallback?: string) =>
  toast({ title, description: serverMessage(error, fallback ?? title), variant: "destructive" });

export const toggleToasts = {
  onSuccess: (result: unknown, group: Group) => done(group.isActive ? M.deactivated : M.activated, result),
  onError: (error: Error) => failed(M.toggleFailed, error, M.toggleFallback),
};
