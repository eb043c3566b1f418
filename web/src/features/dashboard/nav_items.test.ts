import { describe, expect, it } from "vitest";
import { activeArea, NAV_ITEMS, navLabel } from "./nav_items";

describe("NAV_ITEMS", () => {
  it("lists the areas in the specs' order with their targets", () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.to])).toEqual([
      ["Users", "/dash/users"],
      ["Groups", "/dash/groups"],
      ["Visitors", "/dash/visitors"],
      ["Rooms", "/dash/rooms"],
      ["Devices", "/dash/devices"],
      ["Doors", "/dash/doors"],
      ["Alarms", "/dash/alarms"],
      ["Schedules", "/dash/schedules"],
      ["Logs", "/dash/logs"],
      ["Audit Log", "/dash/audit"],
      ["Webhooks", "/dash/webhooks"],
    ]);
  });
});

describe("a phone's top bar", () => {
  it("keeps the areas used on the move, and leaves the rest under More", () => {
    expect(NAV_ITEMS.filter((i) => i.phone).map((i) => i.label)).toEqual(["Users", "Visitors", "Rooms", "Doors", "Alarms", "Logs"]);
  });
  it("names the Alarms link with its active count", () => {
    const alarms = NAV_ITEMS.find((i) => i.area === "alarms")!;
    expect(navLabel(alarms, 0)).toBe("Alarms");
    expect(navLabel(alarms, 3)).toBe("Alarms, 3 active");
  });
});

describe("activeArea", () => {
  it("maps list and detail routes to their area", () => {
    expect(activeArea("/dash/users")).toBe("users");
    expect(activeArea("/dash/user/7/credentials")).toBe("users");
    expect(activeArea("/dash/groups/3/rooms")).toBe("groups");
    expect(activeArea("/dash/room/2/utilization")).toBe("rooms");
    expect(activeArea("/dash/device/9/logs")).toBe("devices");
    expect(activeArea("/dash/lastlock-test")).toBe("devices");
    expect(activeArea("/dash/doors")).toBe("doors");
    expect(activeArea("/dash/visitors")).toBe("visitors");
    expect(activeArea("/dash/visitors/past")).toBe("visitors");
    expect(activeArea("/dash/alarms/history")).toBe("alarms");
    expect(activeArea("/dash/schedules")).toBe("schedules");
    expect(activeArea("/dash/schedules/4")).toBe("schedules");
    expect(activeArea("/dash/holidays/2")).toBe("schedules");
    expect(activeArea("/dash/logs")).toBe("logs");
    expect(activeArea("/dash/audit")).toBe("audit");
    expect(activeArea("/dash/webhooks/3")).toBe("webhooks");
  });
  it("answers null outside the areas", () => {
    expect(activeArea("/dash")).toBeNull();
    expect(activeArea("/app")).toBeNull();
    expect(activeArea("/dash/unknown")).toBeNull();
    expect(activeArea("/users")).toBeNull();
  });
});
