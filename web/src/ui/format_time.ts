// How the app shows an instant: the log and audit tables' times.

/** en-US with a 12-hour clock: "Nov 21, 2026, 1:37:50 PM". */
export function formatTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "medium",
    hour12: true,
    timeZone,
  }).format(new Date(iso));
}
