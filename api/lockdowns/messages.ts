// The lockdown calls' messages (spec 3 §2), whole sentences (http/read_body.ts); the
// spec gives none, so these are ours (docs/api.md). The Start Lockdown dialog shows
// the same ones (web/src/features/lockdown): a file of their own, without the
// schemas, so that what the web takes of them brings no validation library along
// (a member's /app shows the lockdown banner).

/** The longest reason (spec 3 §2). */
export const REASON_MAX = 200;

export const LOCKDOWN_MESSAGES = {
  scope: "Scope must be all or rooms",
  reasonRequired: "Reason is required",
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters`,
  roomsRequired: "Choose at least one room",
  roomIds: "Rooms must be a list of room ids",
  tooManyRooms: "At most 1000 rooms",
  roomsWithAll: "A lockdown of all rooms names no rooms",
  ended: "This lockdown has already ended",
} as const;

