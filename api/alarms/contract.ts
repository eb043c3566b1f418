// What the alarm calls answer (spec 4 §2): the one definition the server's SQL and the
// web's screens both use. Types only.
import type { AlarmType } from "../doors/door_rules.ts";

export type AlarmActor = { type: "user" | "system"; id: number | null; name: string };

export type Alarm = {
  id: number;
  type: AlarmType;
  severity: "critical" | "warning";
  /** active: nobody has acknowledged it yet; acknowledged; resolved (never changes again). */
  state: "active" | "acknowledged" | "resolved";
  deviceId: number | null;
  deviceName: string;
  roomId: number | null;
  roomName: string | null;
  startedAt: Date;
  /** When its cause ended. */
  clearedAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: AlarmActor | null;
  resolvedAt: Date | null;
  resolvedBy: AlarmActor | null;
  note: string | null;
};

/** GET /api/alarms. */
export type AlarmPage = { items: Alarm[]; nextCursor: string | null };

/** GET /api/alarms/counts: the unresolved alarms, unacknowledged (active) and acknowledged. */
export type AlarmCounts = { active: number; acknowledged: number };
