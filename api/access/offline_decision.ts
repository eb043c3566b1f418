// Deciding alone, from the access list (spec 3 §3): what a door controller does
// when the server does not answer. The same rules as the server's statement
// (decisions.ts), in its order, over what the list holds; the schedules with the
// server's own evaluation code (schedules/schedule_time.ts), a guest's window with
// visit_rules.ts. The list carries only the active credentials of users allowed
// through the room, and only the room's visits not revoked whose pass works now or
// within 24 hours, so a credential not in it is refused without a reason the
// controller could know (the server logs it as "Denied by the controller"): unknown,
// switched off, without access, or a revoked pass.
import type { AccessList } from "./access_list.ts";
import { type CredentialInput, type Reason, REASONS } from "./schemas.ts";
import { isOpen } from "../schedules/schedule_time.ts";
import { LEAD_MINUTES, passWorks } from "../visits/visit_rules.ts";
import { sha256Hex } from "../sha256.ts";

export type AloneDecision = {
  decision: "granted" | "denied";
  /** null: refused for a reason only the server knows (the credential is not in the list). */
  reason: Reason | null;
  message: string;
  userId: number | null;
  userName: string | null;
  /** A guest's PIN or pass: the visit it matched in the list, null when none did (a wrong PIN). */
  visitId?: number | null;
};

const NOT_IN_LIST = "Not in this door's access list";

/**
 * Wrong PINs at a door (spec 4 §5, as decisions.ts counts them): the fifth within
 * 60 seconds makes it refuse PINs for the next 60.
 */
export const PIN_LOCK = { wrongPins: 5, withinMs: 60_000, forMs: 60_000 } as const;

/** The wrong PINs of the last minute (ms) and the lockout they made: plain data, kept on disk. */
export type PinFailures = { at: number[]; lockedUntil: number | null };

/**
 * A controller's own count of wrong PINs while it decides alone: the server's is
 * per door too, but out of its reach, so offline a keypad would otherwise take any
 * number of guesses. It counts in `kept`, which the controller saves with its state
 * at every decision: a restart (a crash, a power cut) does not give five more.
 */
export class WrongPins {
  constructor(private readonly kept: PinFailures = { at: [], lockedUntil: null }) {}

  /** Whether PINs are refused at `now` (ms). */
  locked(now: number): boolean {
    return this.kept.lockedUntil !== null && now < this.kept.lockedUntil;
  }

  /** A wrong PIN at `now`: the fifth within the minute locks PINs out for a minute. */
  wrong(now: number) {
    this.kept.at = [...this.kept.at.filter((t) => t > now - PIN_LOCK.withinMs), now];
    if (this.kept.at.length >= PIN_LOCK.wrongPins) this.kept.lockedUntil = now + PIN_LOCK.forMs;
  }
}

/** A visit's PIN as the list keeps it: SHA-256 (hex) of `<visitId>:<pin>`. */
export const pinHashOf = (visitId: number, pin: string) => sha256Hex(`${visitId}:${pin}`);

type ListedVisit = AccessList["visits"][number];

/**
 * The visit a guest's credential names, as the server finds it: a PIN among the
 * visits not ended (the earliest first), a pass by its code's hash whatever its time.
 */
function visitOf(list: AccessList, credential: { type: "PIN" | "Visitor Pass"; code: string }, now: Date): ListedVisit | undefined {
  // A list kept by a controller before visits were listed has none.
  const visits = list.visits ?? [];
  if (credential.type === "Visitor Pass") {
    const hash = sha256Hex(credential.code);
    return visits.find((v) => v.passHash === hash);
  }
  return visits
    .filter((v) => Date.parse(v.endsAt) > now.getTime() && v.pinHash === pinHashOf(v.visitId, credential.code))
    .sort((a, b) => Date.parse(a.activeFrom) - Date.parse(b.activeFrom) || a.visitId - b.visitId)[0];
}

/** The holder of the credential, as the list names them. */
function holderOf(list: AccessList, credential: Exclude<CredentialInput, { code: string }>): number | undefined {
  if ("cardCode" in credential) {
    return list.credentials.find((c) =>
      c.type === credential.type && (c.facilityCode ?? "") === (credential.facilityCode ?? "") &&
      c.cardCode === credential.cardCode
    )?.userId;
  }
  const presented = credential.type === "passkey" ? list.passkeys : list.wallets;
  return presented.find((p) => p.credentialId === credential.credentialId)?.userId;
}

/** One of the user's grants open at `now` (none listed: at all times). */
function grantOpen(list: AccessList, user: AccessList["users"][number], now: Date): boolean {
  return user.scheduleIds === null ||
    user.scheduleIds.some((id) => {
      const schedule = list.schedules.find((s) => s.id === id);
      return schedule !== undefined && isOpen(schedule, now);
    });
}

/**
 * The decision for `credential` at `now`. `pinLocked`: the door refuses PINs now
 * (WrongPins), as the server's pin_locked rule, before a PIN's visit is looked for.
 */
export function decideAlone(
  list: AccessList,
  credential: CredentialInput,
  now: Date,
  options: { pinLocked?: boolean } = {},
): AloneDecision {
  const verdict = (reason: Reason, userId: number | null = null, userName: string | null = null): AloneDecision => ({
    decision: reason === "granted" ? "granted" : "denied",
    reason,
    message: REASONS[reason],
    userId,
    userName,
  });
  if (list.denyAll) return verdict(list.denyAll);
  if ("code" in credential) {
    // A guest (spec 4 §5), in the server's order: the door's PIN lockout, the visit's
    // window, its rooms, a lockdown (no guest passes one); then an admin's guest is in,
    // and a member's guest goes on through the host's own entry.
    // A door refusing PINs names nobody: its answer must not tell a guesser which PIN
    // was right. Otherwise the guest is named even when refused, as the server does.
    if (credential.type === "PIN" && options.pinLocked) return { ...verdict("pin_locked"), visitId: null };
    const visit = visitOf(list, credential, now);
    if (!visit) return { decision: "denied", reason: null, message: NOT_IN_LIST, userId: null, userName: null, visitId: null };
    const guest = `${visit.guestName} (guest of ${visit.hostName})`;
    const as = (reason: Reason) => ({ ...verdict(reason, null, guest), visitId: visit.visitId });
    const startsAt = new Date(Date.parse(visit.activeFrom) + LEAD_MINUTES * 60_000);
    if (!passWorks({ startsAt, endsAt: new Date(visit.endsAt), revokedAt: null }, now)) return as("visit_not_active");
    if (!visit.roomIds.includes(list.room!.id)) return as("no_group_access");
    if (list.lockdown) return as("lockdown");
    if (visit.hostUserId === null) return as("granted");
    const host = list.users.find((u) => u.id === visit.hostUserId);
    // The host is no longer allowed here (deactivated, or no group holding the room):
    // which of the two only the server knows.
    if (!host) return { decision: "denied", reason: null, message: NOT_IN_LIST, userId: null, userName: guest, visitId: visit.visitId };
    return as(grantOpen(list, host, now) ? "granted" : "outside_schedule");
  }
  const userId = holderOf(list, credential);
  const user = list.users.find((u) => u.id === userId);
  if (!user) return { decision: "denied", reason: null, message: NOT_IN_LIST, userId: null, userName: null };
  if (list.lockdown) return verdict(list.lockdownOverrideUserIds.includes(user.id) ? "granted" : "lockdown", user.id, user.name);
  return verdict(grantOpen(list, user, now) ? "granted" : "outside_schedule", user.id, user.name);
}
