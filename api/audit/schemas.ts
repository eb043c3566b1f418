// The filters of the audit list and its export, as query parameters (spec 3 §5).
import { z } from "zod";
import { blankToUndefined, id, instant } from "../http/schema_parts.ts";

export const auditQuery = z.object({
  search: z.string().max(200, "must be at most 200 characters").optional()
    .transform(blankToUndefined),
  action: z.string().max(100, "must be at most 100 characters").optional()
    .transform(blankToUndefined),
  actorId: id.optional(),
  targetType: z.string().max(50, "must be at most 50 characters").optional()
    .transform(blankToUndefined),
  targetId: id.optional(),
  from: instant.optional(),
  to: instant.optional(),
  cursor: z.string().regex(/^[1-9]\d{0,9}$/, "is not a valid cursor").optional(),
}).superRefine((value, ctx) => {
  if (value.from && value.to && value.from > value.to) {
    ctx.addIssue({ code: "custom", message: "must not be before from", path: ["to"] });
  }
});
