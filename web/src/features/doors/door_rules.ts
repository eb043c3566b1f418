// The texts and rules of `Your Doors` (spec 3 §4), pure: what a card says when it
// cannot open now, and which toast an unlock's answer gets.
import type { MemberDoor, UnlockGranted } from "../../../../api/member_doors/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import { whenText } from "../schedules/public";

export const DOOR_MESSAGES = {
  title: "Your Doors",
  unlock: "Unlock",
  unlocking: "Unlocking...",
  needsConnection: "Unlocking needs a connection",
  setUp: "Set up Face ID",
  settingUp: "Setting up Face ID...",
  setUpFailed: "Failed to register Face ID. Please try again.",
  setUpNeeded: "Set up Face ID to unlock doors",
  unlocked: "Door unlocked",
  denied: "Access Denied",
  // Not in the spec: a granted unlock no door acknowledged (docs/screens.md).
  notOpened: "Door did not open",
  noAnswer: "The door did not answer. Please try again.",
  failed: "Unlock failed",
  faceIdFailed: "Face ID authentication failed",
  // Not in the spec: a room with no door an unlock reaches (docs/screens.md).
  noDoor: "This room has no door to unlock",
  none: "No doors yet. Your administrator gives you access to rooms.",
} as const;

export type Door = Json<MemberDoor>;

/**
 * Why the card's Unlock is disabled, with the next opening when the clock brings one
 * and the visitor's time zone is known (null: not yet, while a page rendered on the
 * server is hydrated); null when it is not disabled.
 */
export function closedLine(door: Door, now: Date, timeZone: string | null): string | null {
  if (!door.canOpenNow) {
    const message = door.message ?? DOOR_MESSAGES.denied;
    if (!door.nextChange || timeZone === null) return message;
    return `${message} — opens ${whenText(new Date(door.nextChange), now, false, timeZone)}`;
  }
  return door.doorCount === 0 ? DOOR_MESSAGES.noDoor : null;
}

/** The toast of a granted unlock: open when some door says so. */
export function unlockedToast(roomName: string, answer: Json<UnlockGranted>) {
  return answer.doors.some((door) => door.result === "unlocked")
    ? { title: DOOR_MESSAGES.unlocked, description: `${roomName} is open` }
    : { title: DOOR_MESSAGES.notOpened, description: DOOR_MESSAGES.noAnswer, variant: "destructive" as const };
}

/** The first of the doors' next changes: when the list is read again by itself. */
export function nextRead(doors: readonly Door[]): number | null {
  const times = doors.map((d) => d.nextChange).filter((t): t is string => t !== null).map((t) => Date.parse(t));
  return times.length ? Math.min(...times) : null;
}
