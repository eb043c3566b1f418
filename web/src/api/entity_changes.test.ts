import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cacheCreated, editRequest, type EntityKind } from "./entity_changes";

type Thing = { id: number; name: string };
const THINGS: EntityKind<Thing> = {
  path: "/api/things",
  list: ["/api/things"],
  detail: (id) => [`/api/things/${id}`],
  patch: () => {},
};

describe("editRequest", () => {
  it("sends If-Match on a saved entity's version, none on an unsaved one", () => {
    expect(editRequest("/api/things/3", { id: 3, updatedAt: "v1" }, { name: "a" }))
      .toEqual({ method: "PUT", path: "/api/things/3", body: { name: "a" }, baseVersion: "v1" });
    expect(editRequest("/api/things/-2", { id: -2, updatedAt: "v1" }, {}).baseVersion).toBeUndefined();
  });
});

describe("cacheCreated", () => {
  it("adds the row to its list, in order when one is given, and as its own page", () => {
    const cache = new QueryClient();
    cache.setQueryData<Thing[]>(THINGS.list, [{ id: 1, name: "b" }]);
    cacheCreated(cache, THINGS, { id: -5, name: "a" }, (x, y) => x.name.localeCompare(y.name));
    expect(cache.getQueryData(THINGS.list)).toEqual([{ id: -5, name: "a" }, { id: 1, name: "b" }]);
    expect(cache.getQueryData(THINGS.detail(-5))).toEqual({ id: -5, name: "a" });
    cacheCreated(cache, THINGS, { id: -6, name: "0" });
    expect((cache.getQueryData<Thing[]>(THINGS.list) ?? []).map((t) => t.id)).toEqual([-5, 1, -6]);
  });
});
