import { afterEach, describe, expect, it, vi } from "vitest";
import { httpErrorText } from "../../../api/api_error";
import { densityGet, densityKeys, densitySpaceOf, forSpace } from "./api";
import { withQuery } from "../../../api/query_url";

afterEach(() => vi.unstubAllGlobals());

describe("densityGet", () => {
  it("answers the parsed JSON of an OK answer, with the session cookie", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ count: 2 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await expect(densityGet("/api/density/spaces/spc_1/count")).resolves.toEqual({ count: 2 });
    expect(fetch).toHaveBeenCalledWith("/api/density/spaces/spc_1/count", expect.objectContaining({ credentials: "include" }));
  });
  it("fails with 'HTTP error! status: {code}' (spec 2 §8)", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"error":"Density is unreachable"}', { status: 502 }));
    await expect(densityGet("/x")).rejects.toThrow("HTTP error! status: 502");
    expect(httpErrorText(404)).toBe("HTTP error! status: 404");
  });
});

describe("query paths and keys", () => {
  it("puts the window in the query string, encoded", () => {
    expect(withQuery("/api/density/spaces/a/metrics", { start_time: "2025-07-01T00:00:00-05:00" }))
      .toBe("/api/density/spaces/a/metrics?start_time=2025-07-01T00%3A00%3A00-05%3A00");
  });
  it("keys each call by its space, the same key whatever the clock", () => {
    expect(densityKeys.count("spc_main_lobby")).toEqual(["/api/density/spaces/spc_main_lobby/count"]);
    expect(densityKeys.todayMetrics("s")).not.toEqual(densityKeys.monthMetrics("s"));
    expect(densityKeys.sessions("a b")[0]).toBe("/api/density/spaces/a%20b/sessions");
  });
  it("reads an answer keyed by space id", () => {
    expect(forSpace({ spc: { time_used_raw: 5 } }, "spc")).toEqual({ time_used_raw: 5 });
    expect(forSpace({ other: 1 }, "spc")).toBeUndefined();
    expect(forSpace(undefined, "spc")).toBeUndefined();
  });
});

describe("densitySpaceOf", () => {
  const device = (densitySpaceId: string | null, isActive = true, type = "density") => ({ type, isActive, densitySpaceId });
  it("uses the space of the room's density device, an active one first", () => {
    expect(densitySpaceOf([device("spc_old", false), device("spc_live")])).toBe("spc_live");
    expect(densitySpaceOf([device("spc_only", false)])).toBe("spc_only");
  });
  it("is null when no density device names a space", () => {
    expect(densitySpaceOf([device(null), device("spc_x", true, "camera")])).toBeNull();
    expect(densitySpaceOf([])).toBeNull();
  });
});
