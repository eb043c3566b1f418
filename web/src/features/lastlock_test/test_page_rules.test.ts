import { ApiError } from "../../api/api_error";
import { describe, expect, it } from "vitest";
import {
  addResult,
  bodyText,
  credentialDataProblem,
  credentialIdProblem,
  CREDENTIAL_TYPES,
  DEFAULT_SCHEDULE,
  failureText,
  scheduleDataText,
  successMessage,
  type TestResult,
} from "./test_page_rules";

const result = (id: number): TestResult => ({
  id,
  label: `run ${id}`,
  call: "GET /api/lastlock/status",
  status: 200,
  failed: false,
  message: null,
  body: {},
  at: new Date(0),
});

describe("lock test page rules", () => {
  it("offers the four credential types and the 09:00-17:00 default schedule", () => {
    expect(CREDENTIAL_TYPES.map((t) => t.value)).toEqual(["HID_PROX_CORP_1000", "APPLE_WALLET", "MIFARE_CLASSIC", "EM41XX"]);
    expect(DEFAULT_SCHEDULE).toEqual({ start: "09:00", end: "17:00" });
  });
  it("sends scheduleData as the text of a JSON range_schedule", () => {
    expect(JSON.parse(scheduleDataText("09:00", "17:00"))).toEqual({ range_schedule: { start: "09:00", end: "17:00" } });
  });
  it("requires credential data and a credential id (spec 2 §5)", () => {
    expect(credentialDataProblem("  ")).toBe("Credential data is required");
    expect(credentialDataProblem("AAEC")).toBeNull();
    expect(credentialIdProblem("")).toBe("Credential ID is required");
    expect(credentialIdProblem(" 12 ")).toBeNull();
  });
  it("keeps results newest first, up to the limit", () => {
    let list: TestResult[] = [];
    for (let i = 1; i <= 4; i++) list = addResult(list, result(i), 3);
    expect(list.map((r) => r.id)).toEqual([4, 3, 2]);
  });
  it("says 'Successfully deleted' for a DELETE and 'Success (no content)' for an empty answer (spec 2 §8)", () => {
    expect(successMessage("DELETE", 200, { success: true })).toBe("Successfully deleted");
    expect(successMessage("POST", 204, undefined)).toBe("Success (no content)");
    expect(successMessage("POST", 201, { id: 1 })).toBeNull();
  });
  it("reads a failed call's status and the server's error", () => {
    const answer = (status: number, text: string) => ApiError.from(new Response(text, { status }), text);
    expect(failureText(answer(404, '{"error":"Credential not found"}')))
      .toEqual({ status: 404, message: "Credential not found", body: { error: "Credential not found" } });
    expect(failureText(answer(502, "Bad Gateway"))).toEqual({ status: 502, message: "Bad Gateway", body: "Bad Gateway" });
    expect(failureText(new TypeError("Failed to fetch"))).toEqual({ status: null, message: "Failed to fetch", body: undefined });
  });
  it("prints bodies as indented JSON", () => {
    expect(bodyText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(bodyText("plain")).toBe("plain");
    expect(bodyText(undefined)).toBe("");
  });
});
