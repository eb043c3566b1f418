import { describe, expect, it } from "vitest";
import { classify, nextToSend, type OutboxRow, replaceTempId } from "./outbox_rules";

let seq = 0;
const row = (entities: string[], status: OutboxRow["status"] = "waiting", path = "/api/x"): OutboxRow => ({
  seq: ++seq,
  key: `k${seq}`,
  entities,
  label: "change",
  request: { method: "PATCH", path },
  affects: [],
  status,
  createdAt: seq,
});

describe("nextToSend", () => {
  it("sends the oldest waiting change first", () => {
    const a = row(["users/1"]);
    const b = row(["users/2"]);
    expect(nextToSend([b, a])).toBe(a);
  });

  it("holds an entity's later changes behind its refused one, others go on", () => {
    const refused = row(["users/1"], "failed");
    const sameUser = row(["users/1"]);
    const otherUser = row(["users/2"]);
    expect(nextToSend([refused, sameUser, otherUser])).toBe(otherUser);
  });

  it("a change touching two entities is held by either, and holds both", () => {
    const conflict = row(["groups/3"], "conflict");
    const membership = row(["groups/3", "users/5"]);
    const userEdit = row(["users/5"]);
    const unrelated = row(["rooms/1"]);
    expect(nextToSend([conflict, membership, userEdit, unrelated])).toBe(unrelated);
  });

  it("nothing to send when every row waits on the user", () => {
    expect(nextToSend([row(["a"], "failed"), row(["a"])])).toBeUndefined();
    expect(nextToSend([])).toBeUndefined();
  });
});

describe("replaceTempId", () => {
  it("rewrites paths, bodies, entities and query keys of later changes", () => {
    const later: OutboxRow = {
      ...row(["users/-42"], "waiting", "/api/groups/3/users/-42"),
      request: { method: "PUT", path: "/api/users/-42", body: { userId: -42, ids: [-42, 7], name: "-42" } },
      affects: [["/api/users/-42"], ["/api/users"]],
    };
    const fixed = replaceTempId(later, -42, 1234);
    expect(fixed.request.path).toBe("/api/users/1234");
    expect(fixed.request.body).toEqual({ userId: 1234, ids: [1234, 7], name: "-42" });
    expect(fixed.entities).toEqual(["users/1234"]);
    expect(fixed.affects).toEqual([["/api/users/1234"], ["/api/users"]]);
  });

  it("does not touch ids that merely start with the same digits", () => {
    const later = row(["users/-421"], "waiting", "/api/users/-421/toggle-active");
    expect(replaceTempId(later, -42, 9).request.path).toBe("/api/users/-421/toggle-active");
  });
});

describe("classify", () => {
  it("retries network failures, 5xx and answers with Retry-After; holds 412 and other 4xx", () => {
    expect(classify("network")).toBe("retry");
    expect(classify(503)).toBe("retry");
    expect(classify(409, true)).toBe("retry");
    expect(classify(429, true)).toBe("retry");
    expect(classify(409)).toBe("failed");
    expect(classify(412)).toBe("conflict");
    expect(classify(400)).toBe("failed");
    expect(classify(404)).toBe("failed");
    expect(classify(201)).toBe("done");
  });
});
