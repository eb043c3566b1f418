// What the room calls answer and take (spec 2 §7): the one definition the
// server's SQL and the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { roomBody } from "./schemas.ts";
import type { DoorState } from "../schedules/contract.ts";

/** A room as the list and every single-room call answer it. */
export type Room = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  capacity: number;
  createdAt: Date;
  updatedAt: Date;
  deviceCount: number;
  /** The room has a density device. */
  hasDashboard: boolean;
  /** The door unlock schedule (spec 3 §1): open, the door opens without a credential. */
  unlockScheduleId: number | null;
  /** Unlocked by its schedule only once someone was granted since the window began. */
  firstPersonIn: boolean;
  /** Its doors' held-open alarm comes this long after they open (spec 4 §1; 10–3600, 60 by default). */
  heldOpenSeconds: number;
  doorState: DoorState;
};

/** GET /api/rooms/{id}/sensor-data: null figures (live: false) without a density device. */
export type SensorFigures = {
  roomId: number;
  capacity: number;
  live: boolean;
  currentOccupancy: number | null;
  averageDuration: number | null;
  peakUtilization: number | null;
  dailyVisitors: number | null;
  since: Date;
  asOf: Date;
};

/** POST and PUT /api/rooms share one body. */
export type RoomRequest = z.input<typeof roomBody>;
