// What a door's reported inputs mean (spec 4 §1, §2): its position, and the alarms its
// events raise and clear. Pure: the state and the events in, the new state and the
// alarm changes out, on the events' own clock, so that events uploaded late (after an
// outage) are judged as they happened. The repo keeps the state per device and turns
// the changes into alarm rows (at most one unresolved per device and type, so a cause
// repeated while its alarm is unresolved raises nothing new); the held-open timer
// (`dueHeldOpen`) runs the same rule when no event comes.
export const DOOR_EVENT_TYPES = ["door.opened", "door.closed", "exit.requested", "tamper.on", "tamper.off"] as const;
export type DoorEventType = (typeof DOOR_EVENT_TYPES)[number];

/** One input a controller reported; `released` (on door.opened): whether it had released the lock. */
export type DoorEvent = { eventId: string; at: number; type: DoorEventType; released?: boolean };

export const ALARM_TYPES = ["door.forced_open", "door.held_open", "device.tamper", "device.offline"] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
export const SEVERITY: Record<AlarmType, "critical" | "warning"> = {
  "door.forced_open": "critical",
  "door.held_open": "warning",
  "device.tamper": "critical",
  "device.offline": "warning",
};

export type DoorState = {
  position: "open" | "closed" | "unknown";
  /** When the position began (ms since the epoch); null while never reported. */
  since: number | null;
  /** The newest event judged: one older than this, arriving later, does not move the position. */
  lastAt: number | null;
  tamper: boolean;
  /** While open and its held-open alarm not yet raised: when it is due. */
  heldOpenDueAt: number | null;
};

export const NEVER_REPORTED: DoorState = { position: "unknown", since: null, lastAt: null, tamper: false, heldOpenDueAt: null };

/** raise: the cause began at `at`; clear: it ended at `at` (held-open and offline alarms then resolve themselves). */
export type AlarmChange = { raise: AlarmType; at: number } | { clear: AlarmType; at: number };

/** The events (any order; judged by `at`, ties in the order given) applied to the state. */
export function judge(
  state: DoorState,
  events: DoorEvent[],
  heldOpenMs: number,
): { state: DoorState; changes: AlarmChange[] } {
  const changes: AlarmChange[] = [];
  let s = { ...state };
  const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map(({ e }) => e);
  for (const e of ordered) {
    if (s.lastAt !== null && e.at < s.lastAt) {
      // Older than what is known: it cannot move the position, but what it says happened.
      if (e.type === "door.opened" && e.released === false) changes.push({ raise: "door.forced_open", at: e.at });
      if (e.type === "tamper.on") changes.push({ raise: "device.tamper", at: e.at });
      continue;
    }
    const due = dueHeldOpen(s, e.at);
    s = due.state;
    changes.push(...due.changes);
    s.lastAt = e.at;
    switch (e.type) {
      case "door.opened":
        if (s.position === "open") break; // a repeat: the same opening
        s = { ...s, position: "open", since: e.at, heldOpenDueAt: e.at + heldOpenMs };
        if (e.released === false) changes.push({ raise: "door.forced_open", at: e.at });
        break;
      case "door.closed":
        if (s.position === "open") {
          changes.push({ clear: "door.held_open", at: e.at }, { clear: "door.forced_open", at: e.at });
        }
        if (s.position !== "closed") s = { ...s, position: "closed", since: e.at };
        s.heldOpenDueAt = null;
        break;
      case "tamper.on":
        if (!s.tamper) changes.push({ raise: "device.tamper", at: e.at });
        s.tamper = true;
        break;
      case "tamper.off":
        if (s.tamper) changes.push({ clear: "device.tamper", at: e.at });
        s.tamper = false;
        break;
      case "exit.requested":
        break; // the lock is released: the opening that follows says so (`released`)
    }
  }
  return { state: s, changes };
}

/** The held-open alarm, once its time has come by `now` (a door still open, with no event since). */
export function dueHeldOpen(state: DoorState, now: number): { state: DoorState; changes: AlarmChange[] } {
  if (state.position !== "open" || state.heldOpenDueAt === null || now < state.heldOpenDueAt) {
    return { state, changes: [] };
  }
  return {
    state: { ...state, heldOpenDueAt: null },
    changes: [{ raise: "door.held_open", at: state.heldOpenDueAt }],
  };
}
