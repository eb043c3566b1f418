import { describe, expect, it } from "vitest";
import {
  fallbackSession,
  filterByDate,
  formatDuration,
  paginate,
  peopleBadge,
  peopleOf,
  prepareSessions,
  type RawSession,
  type Session,
  sessionsToShow,
} from "./sessions";

const NY = "America/New_York";
const raw = (start: string, end: string | null, type: string): RawSession => ({
  start_time: start,
  end_time: end,
  session_type: type,
});
const brief = (sessions: Session[]) =>
  sessions.map((s) => [s.start.toISOString().slice(11, 19), s.end.toISOString().slice(11, 19), s.people, s.minutes]);

describe("session types", () => {
  it("reads '1'..'3' as people and ignores '0' and anything else", () => {
    expect(["0", "1", "2", "3", "4", "", "x"].map(peopleOf)).toEqual([null, 1, 2, 3, null, null, null]);
  });
});

describe("prepareSessions", () => {
  const now = new Date("2025-06-10T15:00:00Z");

  it("clips to now, drops short, ignored and future sessions, merges, newest first", () => {
    const sessions = prepareSessions([
      raw("2025-06-10T13:00:00Z", "2025-06-10T13:30:00Z", "2"),
      raw("2025-06-10T13:30:45Z", "2025-06-10T13:40:00Z", "3"), // 45 s gap, 1 apart: merges
      raw("2025-06-10T13:41:00Z", "2025-06-10T13:50:00Z", "1"), // 60 s gap but 3 vs 1: apart
      raw("2025-06-10T13:51:00Z", "2025-06-10T13:51:30Z", "1"), // 30 s: dropped
      raw("2025-06-10T13:52:00Z", "2025-06-10T14:00:00Z", "0"), // type 0: ignored
      raw("2025-06-10T14:00:30Z", "2025-06-10T14:10:00Z", "2"),
      raw("2025-06-10T14:30:00Z", null, "1"), // still open: runs until now
      raw("2025-06-10T15:10:00Z", "2025-06-10T15:20:00Z", "2"), // in the future
    ], now);
    expect(brief(sessions)).toEqual([
      ["14:30:00", "15:00:00", 1, 30],
      ["14:00:30", "14:10:00", 2, 9.5],
      ["13:41:00", "13:50:00", 1, 9],
      ["13:00:00", "13:40:00", 3, 40],
    ]);
  });

  it("merges at a gap of exactly 60 s, not at 61 s", () => {
    const at60 = prepareSessions([
      raw("2025-06-10T10:00:00Z", "2025-06-10T10:10:00Z", "1"),
      raw("2025-06-10T10:11:00Z", "2025-06-10T10:20:00Z", "1"),
    ], now);
    expect(brief(at60)).toEqual([["10:00:00", "10:20:00", 1, 20]]);
    const at61 = prepareSessions([
      raw("2025-06-10T10:00:00Z", "2025-06-10T10:10:00Z", "1"),
      raw("2025-06-10T10:11:01Z", "2025-06-10T10:20:00Z", "1"),
    ], now);
    expect(at61).toHaveLength(2);
  });

  it("compares each next session with the merged count, which is the maximum", () => {
    const rising = prepareSessions([
      raw("2025-06-10T10:00:00Z", "2025-06-10T10:10:00Z", "1"),
      raw("2025-06-10T10:10:10Z", "2025-06-10T10:20:00Z", "2"),
      raw("2025-06-10T10:20:10Z", "2025-06-10T10:30:00Z", "3"),
    ], now);
    expect(brief(rising)).toEqual([["10:00:00", "10:30:00", 3, 30]]);
    const falling = prepareSessions([
      raw("2025-06-10T10:00:00Z", "2025-06-10T10:10:00Z", "3"),
      raw("2025-06-10T10:10:10Z", "2025-06-10T10:20:00Z", "2"),
      raw("2025-06-10T10:20:10Z", "2025-06-10T10:30:00Z", "1"),
    ], now);
    expect(brief(falling)).toEqual([
      ["10:20:10", "10:30:00", 1, 9 + 50 / 60],
      ["10:00:00", "10:20:00", 3, 20],
    ]);
  });

  it("drops a session that clipping makes shorter than a minute, and keeps exactly one minute", () => {
    expect(prepareSessions([raw("2025-06-10T14:59:30Z", null, "2")], now)).toEqual([]);
    expect(brief(prepareSessions([raw("2025-06-10T14:59:00Z", "2025-06-10T16:00:00Z", "2")], now)))
      .toEqual([["14:59:00", "15:00:00", 2, 1]]);
  });

  it("sorts unordered input and skips unreadable times", () => {
    const sessions = prepareSessions([
      raw("2025-06-10T12:00:00Z", "2025-06-10T12:05:00Z", "1"),
      raw("garbage", "2025-06-10T12:05:00Z", "1"),
      raw("2025-06-10T09:00:00Z", "2025-06-10T09:05:00Z", "3"),
    ], now);
    expect(brief(sessions).map((s) => s[0])).toEqual(["12:00:00", "09:00:00"]);
  });
});

describe("the 516-minute fallback", () => {
  it("starts at 09:00 local seven calendar days ago, across a daylight-saving change", () => {
    // Wednesday 12 March 2025, 10:00 EDT; 5 March was still EST.
    const s = fallbackSession(new Date("2025-03-12T14:00:00Z"), NY);
    expect(s.start.toISOString()).toBe("2025-03-05T14:00:00.000Z");
    expect(s.end.toISOString()).toBe("2025-03-05T22:36:00.000Z");
    expect([s.people, s.minutes]).toEqual([3, 516]);
    expect(fallbackSession(new Date("2025-03-31T10:00:00Z"), "Europe/Berlin").start.toISOString())
      .toBe("2025-03-24T08:00:00.000Z");
  });

  it("is shown only when there are no sessions but the metrics show used time", () => {
    const now = new Date("2025-06-10T15:00:00Z");
    expect(sessionsToShow([], 0, now, NY)).toEqual([]);
    expect(sessionsToShow([], null, now, NY)).toEqual([]);
    expect(sessionsToShow([], 60_000, now, NY)).toEqual([fallbackSession(now, NY)]);
    // Only ignored or dropped sessions count as none.
    expect(sessionsToShow([raw("2025-06-10T14:00:00Z", "2025-06-10T14:30:00Z", "0")], 5, now, NY))
      .toEqual([fallbackSession(now, NY)]);
    const real = [raw("2025-06-10T14:00:00Z", "2025-06-10T14:30:00Z", "2")];
    expect(sessionsToShow(real, 5, now, NY)).toEqual(prepareSessions(real, now));
  });
});

describe("display", () => {
  it("labels people with deepening shades", () => {
    expect([1, 2, 3].map((n) => peopleBadge(n as 1 | 2 | 3))).toEqual([
      { label: "1 person", shade: 1 },
      { label: "2 persons", shade: 2 },
      { label: "3+ people", shade: 3 },
    ]);
  });

  it("formats durations", () => {
    expect([0, 0.5, 1, 1.4, 2, 516].map(formatDuration))
      .toEqual(["< 1 min", "< 1 min", "1 min", "1 min", "2 mins", "516 mins"]);
  });
});

describe("date filter", () => {
  const s = (start: string): Session => ({
    start: new Date(start),
    end: new Date(Date.parse(start) + 600_000),
    people: 1,
    minutes: 10,
  });
  // Around the autumn change in New York (2 November 2025).
  const list = [s("2025-11-03T04:30:00Z"), s("2025-11-02T04:30:00Z"), s("2025-11-02T03:30:00Z")];

  it("keeps the sessions that start on that local date", () => {
    // 04:30Z on 3 Nov is 23:30 EST on 2 Nov; 03:30Z on 2 Nov is 23:30 EDT on 1 Nov.
    expect(filterByDate(list, "2025-11-02", NY)).toEqual([list[0], list[1]]);
    expect(filterByDate(list, "2025-11-01", NY)).toEqual([list[2]]);
    expect(filterByDate(list, "2025-11-02", "UTC")).toEqual([list[1], list[2]]);
  });

  it("shows everything when cleared or unreadable", () => {
    expect(filterByDate(list, "", NY)).toEqual(list);
    expect(filterByDate(list, null, NY)).toEqual(list);
    expect(filterByDate(list, "2025-02-30", NY)).toEqual(list);
  });
});

describe("paging", () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it("shows 10 per page with the spec's texts", () => {
    const first = paginate(items, 1);
    expect(first.items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([first.rangeText, first.pageText]).toEqual(["Showing 1-10 of 23 sessions", "Page 1 of 3"]);
    expect([first.hasPrevious, first.hasNext]).toEqual([false, true]);
    const last = paginate(items, 3);
    expect(last.items).toEqual([21, 22, 23]);
    expect([last.rangeText, last.pageText]).toEqual(["Showing 21-23 of 23 sessions", "Page 3 of 3"]);
    expect([last.hasPrevious, last.hasNext]).toEqual([true, false]);
  });

  it("clamps the page to those that exist", () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items.slice(0, 10), 2).pageText).toBe("Page 1 of 1");
  });

  it("shows an empty list as one empty page", () => {
    const empty = paginate([], 1);
    expect([empty.items, empty.rangeText, empty.pageText]).toEqual([[], "Showing 0-0 of 0 sessions", "Page 1 of 1"]);
  });
});
