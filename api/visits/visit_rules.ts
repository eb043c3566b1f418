// When a visitor's pass works (spec 4 §5): from 15 minutes before the visit starts
// until it ends, unless revoked. And what a visit's window may be. Pure, without
// imports: the server's decisions and lists, the reference controller deciding
// alone and the screens all use these.
export const LEAD_MINUTES = 15;
export const MAX_VISIT_DAYS = 14;
export const MAX_DAYS_AHEAD = 90;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type VisitStatus = "upcoming" | "active" | "ended" | "revoked";
export type VisitWindow = { startsAt: Date; endsAt: Date; revokedAt: Date | null };

/** The first moment the pass works. */
export const activeFrom = (startsAt: Date) => new Date(startsAt.getTime() - LEAD_MINUTES * MINUTE);

/** Whether the pass opens doors at `now` (the guest's own rooms and rules aside). */
export function passWorks(visit: VisitWindow, now: Date): boolean {
  return visit.revokedAt === null && now >= activeFrom(visit.startsAt) && now < visit.endsAt;
}

/** "active" while the pass works; "upcoming" before, "ended" after, "revoked" once revoked. */
export function visitStatus(visit: VisitWindow, now: Date): VisitStatus {
  if (visit.revokedAt !== null) return "revoked";
  if (now >= visit.endsAt) return "ended";
  return now >= activeFrom(visit.startsAt) ? "active" : "upcoming";
}

/** What is wrong with a visit's window made or changed at `now`, or null. */
export function windowProblem(startsAt: Date, endsAt: Date, now: Date): string | null {
  if (endsAt <= startsAt) return "The visit must end after it starts";
  if (endsAt.getTime() - startsAt.getTime() > MAX_VISIT_DAYS * DAY) return `A visit lasts at most ${MAX_VISIT_DAYS} days`;
  if (startsAt.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY) return `A visit starts at most ${MAX_DAYS_AHEAD} days ahead`;
  if (endsAt <= now) return "The visit must end in the future";
  return null;
}
