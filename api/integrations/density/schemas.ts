// The query parameters of the Density calls (spec 2 §7): ISO 8601 times, a window
// no longer than each call allows, and a space id.
import { z } from "zod";

const DAY_MS = 86_400_000;
const MAX_DAYS = { metrics: 3_660, history: 93, sessions: 93 };

// ISO 8601: a date, or a date and time with an optional offset. A time without an
// offset is read as UTC (the server cannot know the browser's zone).
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const instant = (name: string) =>
  z.string({ error: `${name} is required` }).trim()
    .regex(ISO, `${name} must be an ISO 8601 time`)
    .transform((value, ctx) => {
      const zoned = value.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(value)
        ? `${value}Z`
        : value;
      const time = Date.parse(zoned);
      const [y, m, d] = value.slice(0, 10).split("-").map(Number);
      const day = new Date(Date.UTC(y, m - 1, d));
      if (Number.isNaN(time) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
        ctx.addIssue({ code: "custom", message: `${name} is not a real time` });
        return z.NEVER;
      }
      return new Date(time);
    });

function window(max: number) {
  return (value: { start: Date; end: Date }, ctx: z.RefinementCtx) => {
    const span = value.end.getTime() - value.start.getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", message: "The start must be before the end" });
    else if (span > max * DAY_MS) {
      ctx.addIssue({ code: "custom", message: `The range may span at most ${max} days` });
    }
  };
}

export const metricsQuery = z.object({
  start_time: instant("start_time"),
  end_time: instant("end_time").optional(),
}).transform((q) => ({ start: q.start_time, end: q.end_time ?? new Date() }))
  .superRefine(window(MAX_DAYS.metrics));

export const historyQuery = z.object({
  start_time: instant("start_time"),
  end_time: instant("end_time"),
  time_resolution: z.enum(["10minute", "hour", "day"], {
    error: "time_resolution must be 10minute, hour or day",
  }).default("hour"),
}).transform((q) => ({ start: q.start_time, end: q.end_time, resolution: q.time_resolution }))
  .superRefine(window(MAX_DAYS.history))
  .superRefine((q, ctx) => {
    if (q.resolution === "10minute" && q.end.getTime() - q.start.getTime() > 7 * DAY_MS) {
      ctx.addIssue({ code: "custom", message: "10minute buckets are limited to 7 days" });
    }
  });

export const sessionsQuery = z.object({
  start_date: instant("start_date"),
  end_date: instant("end_date"),
}).transform((q) => ({ start: q.start_date, end: q.end_date }))
  .superRefine(window(MAX_DAYS.sessions));

export const spaceIdParam = z.string().regex(
  /^[A-Za-z0-9_.:-]{1,200}$/,
  "spaceId must be a Density space id (letters, digits, _ . : -)",
);
