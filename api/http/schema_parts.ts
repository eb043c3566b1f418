// Zod pieces that several request schemas share. Free of Deno and Hono (zod only),
// so the schema files, and the contract files made from them, type-check in the web.
import { z } from "zod";

const MAX_ID = 2_147_483_647; // PostgreSQL integer
// "26" only: not "+26", " 26", "026", "26.0", "26e0" or "0x1a", which Number() reads as 26.
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;
export const ID_MESSAGE = `must be a positive whole number (at most ${MAX_ID})`;

export const isCanonicalId = (value: string | undefined): value is string =>
  value !== undefined && CANONICAL_ID.test(value) && Number(value) <= MAX_ID;

/** An id in a query string (?roomId=26), in the same canonical form as a path id. */
export const id = z.string({ error: "must be a number" }).refine(isCanonicalId, ID_MESSAGE)
  .transform(Number);

/** Optional text in a query: blank means not given. */
export const blankToUndefined = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** An instant in a query (?from=2026-01-01 or a full ISO date-time). */
export const instant = z.string().max(40).refine(
  (value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
  "must be an ISO date or date-time",
).transform((value) => new Date(value));

/**
 * PATCH …/toggle-active's optional body: the state wanted. Without it the switch flips
 * (spec 1 §9, a toggle); with it, a change queued offline or sent from a screen that
 * was behind cannot switch back what someone else switched meanwhile (the dashboard
 * always sends it).
 */
export const toggleBody = z.object({ isActive: z.boolean({ error: "isActive must be true or false" }).optional() });
