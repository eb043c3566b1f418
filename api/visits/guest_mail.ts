// The guest's e-mail (spec 4 §5): who invited them where, when, and the pass's link.
// The window is written in UTC, named so: the server cannot know the guest's zone,
// and the pass page shows it in theirs.
import { compose, type Composed } from "../mail/compose.ts";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export function guestMail(
  visit: { guestName: string; hostName: string; roomNames: string[]; startsAt: Date; endsAt: Date },
  passUrl: string,
): Composed {
  const [first, ...more] = visit.roomNames;
  return compose({
    subject: `${visit.hostName} invited you to ${first}`,
    lines: [
      `Hello ${visit.guestName},`,
      `${visit.hostName} invited you to ${[first, ...more].join(", ")}.`,
      `Your pass works from 15 minutes before ${WHEN.format(visit.startsAt)} until ${WHEN.format(visit.endsAt)} (UTC).`,
      "Open it to see your PIN and your QR code, and to unlock the door from your phone.",
    ],
    action: { label: "Open your pass", url: passUrl },
  });
}
