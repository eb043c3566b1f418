import { describe, expect, it } from "vitest";
import {
  answeredVersion,
  classify,
  nextToSend,
  type OutboxRow,
  pathEntity,
  rebaseAfter,
  replaceTempId,
  resend,
  versionIn,
  withVersion,
} from "./outbox_rules";

let seq = 0;
const row = (entities: string[], status: OutboxRow["status"] = "waiting", path = "/api/x"): OutboxRow => ({
  seq: ++seq,
  userId: 1,
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
  it("a 401 waits for the row's user to sign in again, whatever else the answer says", () => {
    expect(classify(401)).toBe("signed-out");
    expect(classify(401, true, true)).toBe("signed-out");
  });
  it("with gatewayFails, holds an integration's 502 and 504 but still retries 500, 503 and no network", () => {
    expect(classify(502, false, true)).toBe("failed");
    expect(classify(504, false, true)).toBe("failed");
    expect(classify(502)).toBe("retry");
    expect(classify(500, false, true)).toBe("retry");
    expect(classify(503, false, true)).toBe("retry");
    expect(classify("network", false, true)).toBe("retry");
    expect(classify(201, false, true)).toBe("done");
  });
});

describe("rebaseAfter", () => {
  const edit = (path: string, baseVersion?: string, status: OutboxRow["status"] = "waiting"): OutboxRow => ({
    ...row([pathEntity(path)!], status, path),
    request: { method: "PUT", path, body: {}, baseVersion },
  });
  const v1 = "2026-01-01T00:00:00.000Z";
  const v2 = "2026-01-01T00:05:00.000Z";

  it("finds the entity a request acts on", () => {
    expect(pathEntity("/api/users/5/toggle-active")).toBe("users/5");
    expect(pathEntity("/api/groups/3/users/5")).toBe("users/5");
    expect(pathEntity("/api/devices?roomId=4")).toBeUndefined();
    expect(pathEntity("/api/users")).toBeUndefined();
  });

  it("a later edit of the entity moves onto the version the own earlier change produced", () => {
    const toggle = row(["users/5"], "waiting", "/api/users/5/toggle-active");
    const later = edit("/api/users/5", v1);
    expect(rebaseAfter(later, toggle, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(v2);
  });

  it("an edit after an edit moves only when both were based on the same version", () => {
    const first = edit("/api/users/5", v1);
    expect(rebaseAfter(edit("/api/users/5", v1), first, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(v2);
    const other = "2025-12-31T00:00:00.000Z";
    expect(rebaseAfter(edit("/api/users/5", other), first, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(other);
  });

  it("leaves other entities, unversioned changes, held rows and answers without a version alone", () => {
    const toggle = row(["users/5"], "waiting", "/api/users/5/toggle-active");
    expect(rebaseAfter(edit("/api/users/6", v1), toggle, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(v1);
    expect(rebaseAfter(edit("/api/users/5"), toggle, { id: 5, updatedAt: v2 }).request.baseVersion).toBeUndefined();
    expect(rebaseAfter(edit("/api/users/5", v1, "conflict"), toggle, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(v1);
    expect(rebaseAfter(edit("/api/users/5", v1), toggle, { queued: true }).request.baseVersion).toBe(v1);
    // An answer about another entity (e.g. a group named by the same number) does not count.
    expect(rebaseAfter(edit("/api/users/5", v1), toggle, { id: 9, updatedAt: v2 }).request.baseVersion).toBe(v1);
  });

  it("a version of its own (a grant's) moves on only after a change at the same path, to the field it names", () => {
    const grantEdit = (path: string, baseVersion: string) => ({ ...edit(path, baseVersion), request: { method: "PUT" as const, path, body: {}, baseVersion, versionField: "grantUpdatedAt" } });
    const first = grantEdit("/api/groups/1/rooms/5", v1);
    const answer = { id: 5, updatedAt: "2026-01-01T00:09:00.000Z", grantUpdatedAt: v2 };
    expect(rebaseAfter(grantEdit("/api/groups/1/rooms/5", v1), first, answer).request.baseVersion).toBe(v2);
    // Another group's grant of the room, and the room itself, keep their versions.
    expect(rebaseAfter(grantEdit("/api/groups/2/rooms/5", v1), first, answer).request.baseVersion).toBe(v1);
    expect(rebaseAfter(edit("/api/rooms/5", v1), first, answer).request.baseVersion).toBe(v1);
    // A room edit's answer carries no grant version.
    const roomEdit = edit("/api/rooms/5", "2025-12-31T00:00:00.000Z");
    expect(rebaseAfter(grantEdit("/api/groups/1/rooms/5", v1), roomEdit, { id: 5, updatedAt: v2 }).request.baseVersion).toBe(v1);
    expect(versionIn(first.request, answer)).toBe(v2);
    expect(versionIn(edit("/api/rooms/5", v1).request, answer)).toBe(answer.updatedAt);
  });
});

describe("answeredVersion and withVersion", () => {
  const v1 = "2026-01-01T00:00:00.000Z";
  const v2 = "2026-01-01T00:05:00.000Z";
  const edit = (path: string, baseVersion?: string, versionField?: string): OutboxRow => ({
    ...row([pathEntity(path)!], "waiting", path),
    request: { method: "PUT", path, body: {}, baseVersion, versionField },
  });

  it("an edit's answer moves the entity, cached at the version the edit was based on, to the answer's", () => {
    const move = answeredVersion(edit("/api/devices/5", v1), { id: 5, updatedAt: v2, name: "Lock" })!;
    expect(move).toEqual({ id: 5, field: "updatedAt", from: v1, to: v2 });
    // Its own page, and its row in a list; other rows and the rest of each stay as they were.
    expect(withVersion({ id: 5, updatedAt: v1, name: "Edited" }, move)).toEqual({ id: 5, updatedAt: v2, name: "Edited" });
    const other = { id: 6, updatedAt: v1 };
    const list = [other, { id: 5, updatedAt: v1 }];
    const moved = withVersion(list, move) as unknown[];
    expect(moved).toEqual([other, { id: 5, updatedAt: v2 }]);
    expect(moved[0]).toBe(other);
  });

  it("what is cached at another version (someone else's change, already refetched) stays, and so does the very value", () => {
    const move = answeredVersion(edit("/api/devices/5", v1), { id: 5, updatedAt: v2 })!;
    const newer = { id: 5, updatedAt: "2026-01-01T00:07:00.000Z" };
    expect(withVersion(newer, move)).toBe(newer);
    const list = [{ id: 6, updatedAt: v1 }];
    expect(withVersion(list, move)).toBe(list);
    expect(withVersion(undefined, move)).toBeUndefined();
    expect(withVersion(null, move)).toBeNull();
  });

  it("moves nothing for a change without If-Match, an answer without a version, or an answer about another entity", () => {
    expect(answeredVersion(row(["users/5"], "waiting", "/api/users/5/toggle-active"), { id: 5, updatedAt: v2 })).toBeUndefined();
    expect(answeredVersion(edit("/api/users/5", v1), { queued: true })).toBeUndefined();
    expect(answeredVersion(edit("/api/users/5", v1), { id: 9, updatedAt: v2 })).toBeUndefined();
    expect(answeredVersion(edit("/api/users/5", v1), undefined)).toBeUndefined();
  });

  it("a grant's edit moves the grant's version, the field it names", () => {
    const move = answeredVersion(edit("/api/groups/1/rooms/5", v1, "grantUpdatedAt"), { id: 5, updatedAt: "x", grantUpdatedAt: v2 })!;
    expect(move).toEqual({ id: 5, field: "grantUpdatedAt", from: v1, to: v2 });
    expect(withVersion([{ id: 5, updatedAt: v1, grantUpdatedAt: v1 }], move)).toEqual([{ id: 5, updatedAt: v1, grantUpdatedAt: v2 }]);
  });
});

describe("resend", () => {
  it("a refused or conflicting change goes again under a new key (the old key's answer is the refusal)", () => {
    const held = { ...row(["users/5"], "conflict", "/api/users/5"), error: "stale", current: { id: 5 } };
    const again = resend(held, "fresh", { ...held.request, baseVersion: "v2" });
    expect(again).toMatchObject({ key: "fresh", status: "waiting", error: undefined, current: undefined });
    expect(again.request.baseVersion).toBe("v2");
    expect(again.seq).toBe(held.seq); // keeps its place in the order
    const failed = row(["users/5"], "failed");
    expect(resend(failed, "fresh2").key).toBe("fresh2");
  });

  it("a waiting change keeps its key: it may have reached the server already", () => {
    const waiting = row(["users/5"]);
    expect(resend(waiting, "fresh")).toBe(waiting);
  });
});
