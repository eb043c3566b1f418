// Deciding alone, from the access list (spec 3 §3): what a door controller does
// when the server does not answer. The same rules as the server's statement
// (decisions.ts), in its order, over what the list holds; the schedules with the
// server's own evaluation code (schedules/schedule_time.ts). The list carries only
// the active credentials of users allowed through the room, so a credential not in
// it is refused without a reason the controller could know (the server logs it as
// "Denied by the controller"): unknown, switched off, or without access.
import type { AccessList } from "./access_list.ts";
import { type CredentialInput, type Reason, REASONS } from "./schemas.ts";
import { isOpen } from "../schedules/schedule_time.ts";

export type AloneDecision = {
  decision: "granted" | "denied";
  /** null: refused for a reason only the server knows (the credential is not in the list). */
  reason: Reason | null;
  message: string;
  userId: number | null;
  userName: string | null;
};

const NOT_IN_LIST = "Not in this door's access list";

/** The holder of the credential, as the list names them. */
function holderOf(list: AccessList, credential: CredentialInput): number | undefined {
  if ("cardCode" in credential) {
    return list.credentials.find((c) =>
      c.type === credential.type && (c.facilityCode ?? "") === (credential.facilityCode ?? "") &&
      c.cardCode === credential.cardCode
    )?.userId;
  }
  // A guest's PIN or pass names a visit, not a user: not in the list yet (issue 30).
  if ("code" in credential) return undefined;
  const presented = credential.type === "passkey" ? list.passkeys : list.wallets;
  return presented.find((p) => p.credentialId === credential.credentialId)?.userId;
}

export function decideAlone(list: AccessList, credential: CredentialInput, now: Date): AloneDecision {
  const verdict = (reason: Reason, userId: number | null = null, userName: string | null = null): AloneDecision => ({
    decision: reason === "granted" ? "granted" : "denied",
    reason,
    message: REASONS[reason],
    userId,
    userName,
  });
  if (list.denyAll) return verdict(list.denyAll);
  const userId = holderOf(list, credential);
  const user = list.users.find((u) => u.id === userId);
  if (!user) return { decision: "denied", reason: null, message: NOT_IN_LIST, userId: null, userName: null };
  if (list.lockdown) return verdict(list.lockdownOverrideUserIds.includes(user.id) ? "granted" : "lockdown", user.id, user.name);
  const open = user.scheduleIds === null ||
    user.scheduleIds.some((id) => {
      const schedule = list.schedules.find((s) => s.id === id);
      return schedule !== undefined && isOpen(schedule, now);
    });
  return verdict(open ? "granted" : "outside_schedule", user.id, user.name);
}
