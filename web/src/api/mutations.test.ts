import { describe, expect, it } from "vitest";
import { entitiesOf } from "./mutations";

describe("entitiesOf", () => {
  it("names the entities a path touches", () => {
    expect(entitiesOf("/api/groups/3/users/5")).toEqual(["groups/3", "users/5"]);
    expect(entitiesOf("/api/users/12/toggle-active")).toEqual(["users/12"]);
    expect(entitiesOf("/api/users/-77/credentials")).toEqual(["users/-77"]);
    expect(entitiesOf("/api/rooms")).toEqual(["rooms"]);
    expect(entitiesOf("/api/devices/4?x=1")).toEqual(["devices/4"]);
  });
});
