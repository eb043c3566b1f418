// The sensor page's events and its Export Data (spec 2 §2): today's entries of
// the room's access log, newest first, and the same rows as CSV.
export type SensorEvent = {
  id: number;
  timestamp: string;
  userName: string | null;
  deviceName: string | null;
  action: string;
  outcome: string;
};

export type SensorEventsPage = { items: SensorEvent[]; nextCursor: string | null; total: number | null; totalExact: boolean };

/** How many of today's events the page lists. */
export const SENSOR_EVENTS_SHOWN = 10;

/** Local midnight of the day `now` falls on. */
export function startOfLocalDay(now: Date): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

export const sensorEventsUrl = (roomId: number, since: Date, limit = SENSOR_EVENTS_SHOWN) =>
  `/api/rooms/${roomId}/logs?${new URLSearchParams({ from: since.toISOString(), limit: String(limit) })}`;

export const sensorExportUrl = (roomId: number, since: Date) =>
  `/api/rooms/${roomId}/logs/export.csv?${new URLSearchParams({ from: since.toISOString() })}`;
