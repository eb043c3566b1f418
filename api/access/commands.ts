// Commands to a door (spec 3 §3): a remote unlock waits in device_commands until the
// door acknowledges it or it expires; the door hears it on its event stream
// (door_streams.ts) and answers with POST …/commands/{commandId}/ack.
import type { Queries } from "../db/connect.ts";

export type Command = { commandId: number; userId: number | null; userName: string; expiresAt: Date };
export type Ack = { result: "unlocked" | "failed"; message?: string | null };

/** The device's commands neither acknowledged nor expired, oldest first. */
export const pendingCommands = (sql: Queries, deviceId: number) =>
  sql<Command[]>`
    select id as command_id, user_id, user_name, expires_at from device_commands
    where device_id = ${deviceId} and acked_at is null and expires_at > now()
    order by id`;

/**
 * Records the door's answer; "missing" when the device has no such command,
 * "done" when it was acknowledged already (the first answer stands).
 */
export async function acknowledge(sql: Queries, deviceId: number, commandId: number, ack: Ack) {
  const [row] = await sql<{ ackedAt: Date | null }[]>`
    select acked_at from device_commands where id = ${commandId} and device_id = ${deviceId} for update`;
  if (!row) return "missing" as const;
  if (row.ackedAt) return "done" as const;
  await sql`update device_commands set acked_at = now(), result = ${ack.result}, message = ${ack.message ?? null}
    where id = ${commandId}`;
  return "acknowledged" as const;
}
