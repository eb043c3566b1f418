// What the members' door calls answer (spec 3 §4), and the members' read of the
// active lockdowns: the one definition the server and the web's screens both use.
import type { Reason } from "../access/schemas.ts";
import type { LockdownActor } from "../lockdowns/contract.ts";

/** GET /api/me/doors: a room the user's active groups hold. */
export type MemberDoor = {
  roomId: number;
  roomName: string;
  /** The room's doors an unlock is sent to: active devices with a device key. */
  doorCount: number;
  canOpenNow: boolean;
  /** Why not, as in decisions; null when it can open now. */
  reason: Exclude<Reason, "granted"> | null;
  message: string | null;
  /** When canOpenNow may next change by the clock (schedules); null when only a change by someone can. */
  nextChange: Date | null;
};

/** Each door's answer to the unlock: its acknowledgement, or none within 3 seconds. */
export type DoorResult = "unlocked" | "failed" | "no answer";
export type UnlockedDoor = { deviceId: number; name: string; result: DoorResult };

/** POST /api/me/doors/{roomId}/unlock, granted (200). */
export type UnlockGranted = { decision: "granted"; message: "Door unlocked"; logId: number; doors: UnlockedDoor[] };
/** POST /api/me/doors/{roomId}/unlock, denied (403). */
export type UnlockDenied = { error: string; code: "forbidden"; reason: Exclude<Reason, "granted">; logId: number };

/** GET /api/me/lockdowns: what a member's banner shows of an active lockdown. */
export type MemberLockdown = {
  id: number;
  scope: "all" | "rooms";
  /** The rooms of a `rooms` lockdown that still exist, in id order; empty for `all`. */
  rooms: { id: number; name: string }[];
  startedAt: Date;
  startedBy: LockdownActor;
};
