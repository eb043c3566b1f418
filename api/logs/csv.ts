// CSV for the log export (RFC 4180): a header row, CRLF line ends, fields quoted
// when they hold a comma, quote or line break, quotes doubled. A text field that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
// apostrophe (OWASP "CSV injection"): names come from users.
import type { LogEntry } from "./contract.ts";

export const CSV_HEADER = [
  "ID",
  "Timestamp",
  "User",
  "Device",
  "Room",
  "Credential",
  "Action",
  "Outcome",
  "Reason",
];

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: unknown[]) => fields.map(csvField).join(",") + "\r\n";

export const logCsvLine = (entry: LogEntry) =>
  csvLine([
    entry.id,
    entry.timestamp,
    entry.userName,
    entry.deviceName,
    entry.roomName,
    entry.credentialType,
    entry.action,
    entry.outcome,
    entry.reason,
  ]);
