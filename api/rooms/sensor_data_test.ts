// The sensor page's figures, at a fixed moment, from readings and door events.
import { assertEquals } from "../testing/assert.ts";
import { freshDatabase } from "../db/test_db.ts";
import { sensorFigures, startOfDay } from "./sensor_data.ts";

type Room = { id: number; capacity: number };

Deno.test("room sensor figures", async (t) => {
  const db = await freshDatabase();
  const { sql } = db;
  try {
    const now = new Date(2025, 6, 16, 12, 0, 0); // local noon
    const midnight = startOfDay(now);
    const at = (hours: number, minutes = 0) =>
      new Date(midnight.getTime() + (hours * 60 + minutes) * 60_000);
    const [room] = await sql<Room[]>`insert into rooms (name, capacity) values ('Lobby', 20)
      returning id, capacity`;
    const [other] = await sql<
      Room[]
    >`insert into rooms (name) values ('Other') returning id, capacity`;
    const [counter] = await sql`insert into devices (name, device_id, type, room_id)
      values ('Counter', 'D-1', 'density', ${room.id}) returning id`;

    await t.step("a density device without readings answers zeros, live", async () => {
      const figures = await sensorFigures(sql, room, now);
      assertEquals(figures.live, true);
      assertEquals(
        [
          figures.currentOccupancy,
          figures.averageDuration,
          figures.peakUtilization,
          figures.dailyVisitors,
        ],
        [0, 0, 0, 0],
      );
    });

    await t.step("readings and door events give the four figures", async () => {
      // Yesterday evening 2 people stayed (counted as the level at midnight, not as
      // today's arrivals); at 9:00 the count rises to 6 (4 arrive), at 10:00 it falls
      // to 3, at 11:00 rises to 5 (2 arrive). A reading after `now` is ignored.
      const readings: [Date, number][] = [
        [new Date(midnight.getTime() - 3_600_000), 2],
        [at(9), 6],
        [at(10), 3],
        [at(11), 5],
        [at(13), 19],
      ];
      for (const [timestamp, count] of readings) {
        await sql`insert into sensor_data (device_id, timestamp, count, event_type)
          values (${counter.id}, ${timestamp}, ${count}, 'occupancy')`;
      }
      await sql`insert into access_logs (room_id, action, outcome, timestamp) values
        (${room.id}, 'Unlock', 'success', ${at(8, 59)}),
        (${room.id}, 'Unlock', 'success', ${at(10, 59)}),
        (${room.id}, 'Unlock', 'denied', ${at(10, 58)}),
        (${room.id}, 'Unlock', 'success', ${new Date(midnight.getTime() - 60_000)}),
        (${other.id}, 'Unlock', 'success', ${at(9)})`;
      const figures = await sensorFigures(sql, room, now);
      assertEquals(figures.currentOccupancy, 5);
      assertEquals(figures.peakUtilization, 30); // 6 of 20
      assertEquals(figures.dailyVisitors, 2);
      // Occupancy minutes: 2×540 + 6×60 + 3×60 + 5×60 = 1920, over 6 arrivals.
      assertEquals(figures.averageDuration, 320);
    });

    await t.step("a room without a density device is not live", async () => {
      const figures = await sensorFigures(sql, other, now);
      assertEquals(figures.live, false);
      assertEquals(figures.currentOccupancy, null);
      assertEquals(figures.capacity, 15);
    });
  } finally {
    await db.close();
  }
});
