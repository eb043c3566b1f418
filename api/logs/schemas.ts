// The filters of every log page and export, as query parameters (spec 2 §7).
import { z } from "zod";
import { blankToUndefined, instant } from "../http/schema_parts.ts";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export const logQuery = z.object({
  search: z.string().max(200, "must be at most 200 characters").optional()
    .transform(blankToUndefined),
  outcome: z.string().trim().toLowerCase().pipe(
    z.enum(["all", "success", "denied"], { error: "must be all, success or denied" }),
  ).default("all"),
  // The "All Events" choice: an action name, or all. `action` is the same filter.
  event: z.string().max(100, "must be at most 100 characters").optional()
    .transform(blankToUndefined),
  action: z.string().max(100, "must be at most 100 characters").optional()
    .transform(blankToUndefined),
  from: instant.optional(),
  to: instant.optional(),
  limit: z.string().regex(/^\d{1,4}$/, "must be a whole number").optional()
    .transform((value) => (value === undefined ? DEFAULT_LIMIT : Number(value)))
    .pipe(z.number().min(1, "must be at least 1").max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)),
  cursor: z.string().max(100, "is not a valid cursor").optional().transform(blankToUndefined),
}).superRefine((value, ctx) => {
  if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: "custom", message: "must not be before from", path: ["to"] });
  }
}).transform(({ event, action, ...rest }) => {
  const chosen = event ?? action;
  return { ...rest, event: chosen?.toLowerCase() === "all" ? undefined : chosen };
});
