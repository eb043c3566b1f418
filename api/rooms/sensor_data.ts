// The room sensor page's four figures (spec 2 §2 "Room sensor page", §3), from
// real data when the room has a density device:
// - currentOccupancy: the latest count reported by the room's density device(s);
// - peakUtilization: today's highest count as a percent of the room's capacity;
// - dailyVisitors: people let in through the room's doors today (successful
//   access_logs rows);
// - averageDuration: minutes a visit lasts today, by Little's law: occupancy
//   minutes (each reading held until the next one) divided by arrivals (the rises
//   of the count between readings).
// "Today" starts at local midnight of the server. A room without a density device
// answers live: false and null figures: the page then shows the spec's placeholders.
import type { Queries } from "../db/connect.ts";
import type { SensorFigures } from "./contract.ts";

export function startOfDay(now: Date): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

export async function sensorFigures(
  sql: Queries,
  room: { id: number; capacity: number },
  now = new Date(),
): Promise<SensorFigures> {
  const since = startOfDay(now);
  const base = { roomId: room.id, capacity: room.capacity, since, asOf: now };
  const devices = await sql<{ id: number }[]>`
    select id from devices where room_id = ${room.id} and type = 'density'`;
  if (!devices.length) {
    return {
      ...base,
      live: false,
      currentOccupancy: null,
      averageDuration: null,
      peakUtilization: null,
      dailyVisitors: null,
    };
  }
  const ids = devices.map((d) => d.id);
  const [figures] = await sql<{
    current: number;
    occupancyMinutes: number;
    arrivals: number;
    peak: number;
    visitors: number;
  }[]>`
    with readings as (
      -- today's readings plus, per device, the last one before midnight: the level
      -- the day started with
      select s.device_id, s.timestamp, s.count
      from sensor_data s
      where s.device_id = any(${ids}::int[]) and s.count is not null
        and s.timestamp <= ${now}
        and s.timestamp >= coalesce((
          select max(p.timestamp) from sensor_data p
          where p.device_id = s.device_id and p.count is not null and p.timestamp < ${since}
        ), ${since})
    ),
    steps as (
      select device_id, timestamp, count,
             greatest(timestamp, ${since}) as held_from,
             lead(timestamp, 1, ${now}) over w as held_until,
             count - coalesce(lag(count) over w, 0) as rise
      from readings
      window w as (partition by device_id order by timestamp)
    ),
    latest as (
      select distinct on (device_id) count from readings order by device_id, timestamp desc
    )
    select
      coalesce((select sum(count) from latest), 0)::int as current,
      coalesce(sum(count * extract(epoch from held_until - held_from)) / 60, 0)::float8
        as occupancy_minutes,
      coalesce(sum(greatest(rise, 0)) filter (where timestamp >= ${since}), 0)::int as arrivals,
      coalesce(max(count), 0)::int as peak,
      (select count(*) from access_logs
        where room_id = ${room.id} and outcome = 'success'
          and timestamp >= ${since} and timestamp <= ${now})::int as visitors
    from steps`;
  return {
    ...base,
    live: true,
    currentOccupancy: figures.current,
    averageDuration: figures.arrivals > 0
      ? Math.round(figures.occupancyMinutes / figures.arrivals)
      : 0,
    peakUtilization: Math.round((figures.peak / room.capacity) * 100),
    dailyVisitors: figures.visitors,
  };
}
