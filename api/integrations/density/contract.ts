// What the Density calls answer and take (spec 2 §7): Density's own shapes
// (snake_case, as its v3 API answers), checked by the client and passed on; the
// one definition the client, the routes and the web's utilization tab use.
// Zod and schema files only.
import type { z } from "zod";
import type { historyQuery, metricsQuery, sessionsQuery } from "./schemas.ts";

/** GET /api/density/spaces lists these. */
export type DensitySpace = {
  id: string;
  name: string;
  function: string | null;
  space_type: string;
};

/** GET /api/density/spaces/{spaceId}/count. */
export type DensityCount = { count: number; timestamp: string };

export type DensityTimeUsed = { time_used_raw: number; time_used_percentage: number | null };

export type DensityOccupancyBucket = {
  timestamp: string;
  occupancy_avg: number | null;
  occupancy_max: number | null;
};

export type DensitySession = {
  start_time: string;
  end_time: string | null;
  session_type: string;
};

export type DensityResolution = "10minute" | "hour" | "day";

/** GET /api/density/spaces/{spaceId}/metrics, keyed by the space id. */
export type DensityMetrics = Record<string, DensityTimeUsed>;
/** GET /api/density/spaces/{spaceId}/history, keyed by the space id. */
export type DensityHistory = Record<string, DensityOccupancyBucket[]>;
/** GET /api/density/spaces/{spaceId}/sessions, keyed by the space id. */
export type DensitySessions = Record<string, DensitySession[]>;

export type DensityMetricsQuery = z.input<typeof metricsQuery>;
export type DensityHistoryQuery = z.input<typeof historyQuery>;
export type DensitySessionsQuery = z.input<typeof sessionsQuery>;
