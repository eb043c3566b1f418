// What the access-log calls answer and take (spec 2 §7): the one definition the
// server's SQL and the web's log pages both use. Zod and schema files only.
import type { z } from "zod";
import type { logQuery } from "./schemas.ts";

/** One access-log row; names stay when the user, device or room is deleted. */
export type LogEntry = {
  id: number;
  timestamp: Date;
  userId: number | null;
  userName: string | null;
  deviceId: number | null;
  deviceName: string | null;
  roomId: number | null;
  roomName: string | null;
  credentialType: string | null;
  action: string;
  outcome: string;
  reason: string | null;
};

export type LogPage = {
  items: LogEntry[];
  nextCursor: string | null;
  /** Matching rows, up to 1,000 (query.ts TOTAL_CAP); null when counting took too long. */
  total: number | null;
  /** True when total is the exact number of matching rows. */
  totalExact: boolean;
};

/** GET /api/logs/events: the actions the log holds, for the "All Events" choice. */
export type LogEvents = string[];

/** The query parameters of GET /api/logs (and each entity's log and export). */
export type LogQueryRequest = z.input<typeof logQuery>;
