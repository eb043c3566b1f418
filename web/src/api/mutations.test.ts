import { describe, expect, it } from "vitest";
import { errorMessage } from "./mutations";

describe("errorMessage", () => {
  it("reads the server's error out of the status-and-body message", () => {
    expect(errorMessage(new Error('409: {"error":"A user with this email already exists"}'), "Failed"))
      .toBe("A user with this email already exists");
  });
  it("falls back when the body is not the error envelope", () => {
    expect(errorMessage(new Error("500: Internal Server Error"), "Failed to update user")).toBe("Failed to update user");
    expect(errorMessage(new Error('400: {"message":"x"}'), "Fallback")).toBe("Fallback");
    expect(errorMessage("not an error", "Fallback")).toBe("Fallback");
  });
});

describe("entitiesOf", () => {
  it("names the entities a path touches", async () => {
    const { entitiesOf } = await import("./mutations");
    expect(entitiesOf("/api/groups/3/users/5")).toEqual(["groups/3", "users/5"]);
    expect(entitiesOf("/api/users/12/toggle-active")).toEqual(["users/12"]);
    expect(entitiesOf("/api/users/-77/credentials")).toEqual(["users/-77"]);
    expect(entitiesOf("/api/rooms")).toEqual(["rooms"]);
    expect(entitiesOf("/api/devices/4?x=1")).toEqual(["devices/4"]);
  });
});
