import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api_error";
import { acceptFailure, ACCOUNTS_BY_EMAIL as M, invitationGone, invitationGoneText, resetFailure, resetRequestFailure } from "./accounts_by_email";

/** A refusal as the client throws it, from a real Response. */
function refusal(status: number, error: string | null) {
  const text = error === null ? "" : JSON.stringify({ error });
  return ApiError.from(new Response(text, { status }), text);
}

const noAnswer = new TypeError("Failed to fetch");
const usedInvitation = "This invitation has expired or was already used";
const usedReset = "This reset link has expired or was already used";

describe("the spec's sentences", () => {
  it("says where a reset link went without saying whether the account exists", () => {
    expect(M.resetLinkSent("ada@engine.test")).toBe("If an account exists for ada@engine.test, a reset link is on its way.");
  });
  it("names the invited address", () => {
    expect(M.setPasswordFor("ada@engine.test")).toBe("Set a password for ada@engine.test");
  });
});

describe("failures", () => {
  it("a reset link's 400 shows the server's sentence", () => {
    expect(resetFailure(refusal(400, usedReset))).toBe(usedReset);
    expect(resetFailure(noAnswer)).toBe(M.resetFailed);
  });
  it("a reset request shows the server's refusal, else asks to try again", () => {
    expect(resetRequestFailure(refusal(429, "Too many requests"))).toBe("Too many requests");
    expect(resetRequestFailure(noAnswer)).toBe(M.resetRequestFailed);
  });
  it("an invitation is gone only on the server's 404, with its sentence or the spec's", () => {
    expect(invitationGone(refusal(404, usedInvitation))).toBe(true);
    expect(invitationGone(refusal(500, null))).toBe(false);
    expect(invitationGone(noAnswer)).toBe(false);
    expect(invitationGoneText(refusal(404, usedInvitation))).toBe(usedInvitation);
    expect(invitationGoneText(refusal(404, null))).toBe(usedInvitation);
  });
  it("accepting shows the server's refusal, else asks to try again", () => {
    expect(acceptFailure(refusal(400, "password must be at least 8 characters"))).toBe("password must be at least 8 characters");
    expect(acceptFailure(noAnswer)).toBe(M.acceptFailed);
  });
});
