// A member's unlock waits for its doors (spec 3 §4): each door acknowledges its
// command (POST /api/access/devices/self/commands/{id}/ack) through whichever API
// process it is connected to; the row's update NOTIFYs device_commands with the
// device's id (migration 018), so the process holding the member's request hears of
// it at once and reads the answers. Whatever has not answered by the deadline is
// `no answer`.
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import type { UnlockedDoor } from "./contract.ts";

export const UNLOCK_WAIT_MS = 3_000;

export type SentCommand = { commandId: number; deviceId: number; name: string };

/** Each door's answer, once all have answered or `waitMs` after `since` (Date.now()). */
export async function doorAnswers(
  sql: Queries,
  listen: Listen,
  log: Logger,
  commands: SentCommand[],
  since: number,
  waitMs = UNLOCK_WAIT_MS,
): Promise<UnlockedDoor[]> {
  const results = new Map<number, "unlocked" | "failed">();
  if (commands.length) {
    const ids = commands.map((c) => c.commandId);
    const devices = new Set(commands.map((c) => String(c.deviceId)));
    let allAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (allAnswered = resolve));
    // One read at a time, and one more if a notification came during it.
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) return void (again = true);
      reading = true;
      do {
        again = false;
        try {
          const rows = await sql<{ id: number; result: "unlocked" | "failed" }[]>`
            select id, result from device_commands where id = any(${ids}::int[]) and acked_at is not null`;
          for (const row of rows) results.set(row.id, row.result);
        } catch (error) {
          log.warn("unlock: could not read the doors' answers", { error: String(error) });
        }
        if (results.size === ids.length) allAnswered();
      } while (again);
      reading = false;
    };
    // Listening reads once at once too (listen calls with ""), so an answer that came
    // before is not missed.
    const stop = await listen("device_commands", (deviceId) => {
      if (deviceId === "" || devices.has(deviceId)) void read();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, since + waitMs - Date.now()))));
    try {
      await Promise.race([answered, timeUp]);
    } finally {
      clearTimeout(timer);
      stop();
    }
  }
  return commands.map((c) => ({ deviceId: c.deviceId, name: c.name, result: results.get(c.commandId) ?? "no answer" }));
}
