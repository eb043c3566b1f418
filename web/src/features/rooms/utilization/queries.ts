// The time windows of the Utilization tab's calls (spec 2 §7), for the API's
// /api/density/spaces/{spaceId}/… paths. Times go out as ISO 8601 with an offset,
// so the server never has to guess the browser's zone.
import {
  addDays,
  at,
  DAY_MS,
  dateOf,
  formatOffset,
  isoDate,
  localTimeZone,
  offsetAt,
} from "./zoned_time";

/** The fixed start of the month metrics: 1 July 2025, midnight at UTC-5. */
export const MTD_METRICS_START = "2025-07-01T00:00:00-05:00";

export const POLL = {
  countMs: 10_000,
  todayMetricsMs: 60_000,
  monthMetricsMs: 5 * 60_000,
  historyMs: 5 * 60_000,
  sessionsMs: 5 * 60_000,
} as const;

export type UtilizationQueries = {
  /** ?start_time= for today's metrics: local midnight. */
  todayMetrics: { start_time: string };
  monthMetrics: { start_time: string };
  /** The last 30 days. */
  history: { start_time: string; end_time: string };
  /** The last 30 days as whole local dates: 'YYYY-MM-DDT00:00:00±hh:mm' to 'T23:59:59±hh:mm'. */
  sessions: { start_date: string; end_date: string };
};

const withOffset = (date: string, time: string, instant: Date, timeZone: string) =>
  `${date}T${time}${formatOffset(offsetAt(instant.getTime(), timeZone))}`;

export function utilizationQueries(now: Date, timeZone = localTimeZone()): UtilizationQueries {
  const today = dateOf(now, timeZone);
  const first = addDays(today, -30);
  const firstStart = at(first, 0, 0, timeZone);
  const lastEnd = new Date(at(addDays(today, 1), 0, 0, timeZone).getTime() - 1000);
  return {
    todayMetrics: { start_time: at(today, 0, 0, timeZone).toISOString() },
    monthMetrics: { start_time: MTD_METRICS_START },
    history: {
      start_time: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      end_time: now.toISOString(),
    },
    sessions: {
      start_date: withOffset(isoDate(first), "00:00:00", firstStart, timeZone),
      end_date: withOffset(isoDate(today), "23:59:59", lastEnd, timeZone),
    },
  };
}
