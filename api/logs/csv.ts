// The access-log export's columns and rows (the CSV rules: http/csv_download.ts).
import { csvLine } from "../http/csv_download.ts";
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
