// What the lockdown calls answer and take (spec 3 §2): the one definition the
// server's SQL and the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { lockdownBody } from "./schemas.ts";

/** Who started or ended a lockdown, named as they were then. */
export type LockdownActor = { id: number; name: string };

export type Lockdown = {
  id: number;
  scope: "all" | "rooms";
  /** The rooms of a `rooms` lockdown, in id order; empty for `all`. */
  roomIds: number[];
  reason: string;
  startedAt: Date;
  startedBy: LockdownActor;
  endedAt: Date | null;
  endedBy: LockdownActor | null;
};

/** POST /api/lockdowns. */
export type LockdownRequest = z.input<typeof lockdownBody>;
