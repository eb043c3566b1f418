// The words and pure rules of the lock test page /dash/lastlock-test (spec 2
// §3, §5, §8, §9): credential types, input checks and how results read.
import { ApiError } from "../../api/api_error";
import { OFFLINE_NOTE } from "../../ui/toast/change_toasts";

/** Spec 2 §3: the credential types Last Lock takes, with what the info box says of each. */
export const CREDENTIAL_TYPES = [
  { value: "HID_PROX_CORP_1000", description: "HID Prox Corporate 1000 (35-bit) proximity card" },
  { value: "APPLE_WALLET", description: "Apple Wallet access pass (NFC)" },
  { value: "MIFARE_CLASSIC", description: "MIFARE Classic smart card" },
  { value: "EM41XX", description: "EM4100-family 125 kHz proximity tag" },
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number]["value"];

export const TEST_PAGE_MESSAGES = {
  title: "Last Lock Testing Dashboard",
  dataRequired: "Credential data is required",
  idRequired: "Credential ID is required",
  running: "Running command...",
  empty: "No test results yet. Click a button to start testing!",
  noContent: "Success (no content)",
  deleted: "Successfully deleted",
  queued: OFFLINE_NOTE,
} as const;

/** Spec 2 §9: the schedule fields start at 09:00 and end at 17:00. */
export const DEFAULT_SCHEDULE = { start: "09:00", end: "17:00" } as const;

/** scheduleData as the test page sends it: the text of a JSON range_schedule (spec 2 §3). */
export const scheduleDataText = (start: string, end: string) =>
  JSON.stringify({ range_schedule: { start, end } });

/** Spec 2 §5: Create Credential needs credential data. */
export const credentialDataProblem = (data: string): string | null =>
  data.trim() === "" ? TEST_PAGE_MESSAGES.dataRequired : null;

/** Spec 2 §5: Assign and Remove need a credential id. */
export const credentialIdProblem = (id: string): string | null =>
  id.trim() === "" ? TEST_PAGE_MESSAGES.idRequired : null;

/** One entry of Test Results. */
export type TestResult = {
  id: number;
  /** What was run, e.g. "Create Credential". */
  label: string;
  /** "POST /api/lastlock/users/2/credentials". */
  call: string;
  /** The HTTP status, or null when the call failed before an answer (network) or waits offline. */
  status: number | null;
  /** Error: refused or failed; the badge reads "Error". */
  failed: boolean;
  /** A line above the body: "Success (no content)", "Successfully deleted", an error's text. */
  message: string | null;
  /** The JSON answer, when there was one. */
  body: unknown;
  at: Date;
};

/** What a successful answer shows (spec 2 §8): 204-like answers and DELETEs have their own line. */
export function successMessage(method: string, status: number, body: unknown): string | null {
  if (method === "DELETE") return TEST_PAGE_MESSAGES.deleted;
  if (status === 204 || body === undefined || body === null || body === "") return TEST_PAGE_MESSAGES.noContent;
  return null;
}

/** Newest first; the list keeps the latest `limit` entries. */
export function addResult(results: readonly TestResult[], entry: TestResult, limit = 50): TestResult[] {
  return [entry, ...results].slice(0, limit);
}

/** The body as the results list prints it. */
export function bodyText(body: unknown): string {
  if (body === undefined) return "";
  if (typeof body === "string") return body;
  return JSON.stringify(body, null, 2);
}

/** "Failed: 404 {"error":"…"}" → the server's text; an error's own message otherwise. */
export function failureText(error: unknown): { status: number | null; message: string; body: unknown } {
  if (!(error instanceof ApiError)) {
    return { status: null, message: error instanceof Error ? error.message : String(error), body: undefined };
  }
  const text = error.message.slice(`${error.status}: `.length); // spec 1 §1: "<status>: <body text>"
  return { status: error.status, message: error.serverMessage ?? text, body: error.body ?? text };
}
