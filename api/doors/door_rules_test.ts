// The door rules on a fixed clock (door_rules.ts): forced and released openings,
// held-open deadlines by timer and by late upload, repeats, events older than what is
// known, tamper.
import { assertEquals } from "../testing/assert.ts";
import { type DoorEvent, dueHeldOpen, judge, NEVER_REPORTED } from "./door_rules.ts";

const T = Date.parse("2026-11-27T09:00:00Z");
const s = (seconds: number) => T + seconds * 1000;
const HELD = 60_000;
let n = 0;
const ev = (seconds: number, type: DoorEvent["type"], released?: boolean): DoorEvent => ({
  eventId: `e${n++}`,
  at: s(seconds),
  type,
  ...(released === undefined ? {} : { released }),
});

Deno.test("a released opening raises nothing; its closing clears nothing that was not there", () => {
  const { state, changes } = judge(NEVER_REPORTED, [ev(0, "door.opened", true), ev(5, "door.closed")], HELD);
  assertEquals(state, { position: "closed", since: s(5), lastAt: s(5), tamper: false, heldOpenDueAt: null });
  assertEquals(changes, [{ clear: "door.held_open", at: s(5) }, { clear: "door.forced_open", at: s(5) }]);
});

Deno.test("an opening the controller had not released is forced: raised at its time, cleared when it shuts", () => {
  const opened = judge(NEVER_REPORTED, [ev(0, "door.opened", false)], HELD);
  assertEquals(opened.changes, [{ raise: "door.forced_open", at: s(0) }]);
  assertEquals(opened.state.position, "open");
  assertEquals(opened.state.heldOpenDueAt, s(60));
  const closed = judge(opened.state, [ev(3, "door.closed")], HELD);
  assertEquals(closed.changes, [{ clear: "door.held_open", at: s(3) }, { clear: "door.forced_open", at: s(3) }]);
});

Deno.test("held open: the timer raises it at the deadline, once; the closing clears it", () => {
  const opened = judge(NEVER_REPORTED, [ev(0, "door.opened", true)], HELD).state;
  assertEquals(dueHeldOpen(opened, s(59.999)).changes, [], "not before its time");
  const due = dueHeldOpen(opened, s(61));
  assertEquals(due.changes, [{ raise: "door.held_open", at: s(60) }], "raised at the deadline, not when looked");
  assertEquals(dueHeldOpen(due.state, s(120)).changes, [], "once");
  const closed = judge(due.state, [ev(90, "door.closed")], HELD);
  assertEquals(closed.changes[0], { clear: "door.held_open", at: s(90) });
});

Deno.test("held open, uploaded late: the alarm raised at its deadline and cleared at the closing, both from the events", () => {
  const { changes } = judge(NEVER_REPORTED, [ev(0, "door.opened", true), ev(75, "door.closed")], HELD);
  assertEquals(changes, [
    { raise: "door.held_open", at: s(60) },
    { clear: "door.held_open", at: s(75) },
    { clear: "door.forced_open", at: s(75) },
  ]);
});

Deno.test("a door opened and shut before its deadline is never held open, whenever it is looked at", () => {
  const { state } = judge(NEVER_REPORTED, [ev(0, "door.opened", true), ev(59, "door.closed")], HELD);
  assertEquals(dueHeldOpen(state, s(600)).changes, []);
});

Deno.test("repeats: an opening reported twice is one opening; a second tamper.on raises nothing new", () => {
  const { state, changes } = judge(
    NEVER_REPORTED,
    [ev(0, "door.opened", false), ev(1, "door.opened", false), ev(2, "tamper.on"), ev(3, "tamper.on")],
    HELD,
  );
  assertEquals(changes, [{ raise: "door.forced_open", at: s(0) }, { raise: "device.tamper", at: s(2) }]);
  assertEquals([state.since, state.heldOpenDueAt], [s(0), s(60)], "the deadline runs from the first");
});

Deno.test("tamper on and off", () => {
  const { state, changes } = judge(NEVER_REPORTED, [ev(0, "tamper.on"), ev(9, "tamper.off"), ev(10, "tamper.off")], HELD);
  assertEquals(changes, [{ raise: "device.tamper", at: s(0) }, { clear: "device.tamper", at: s(9) }]);
  assertEquals(state.tamper, false);
});

Deno.test("events arrive in any order and are judged by their own time", () => {
  const given = [ev(5, "door.closed"), ev(0, "door.opened", false)];
  const { state, changes } = judge(NEVER_REPORTED, given, HELD);
  assertEquals(state.position, "closed");
  assertEquals(changes, [
    { raise: "door.forced_open", at: s(0) },
    { clear: "door.held_open", at: s(5) },
    { clear: "door.forced_open", at: s(5) },
  ]);
});

Deno.test("an event older than what is known does not move the position, but a forced opening or tamper still counts", () => {
  const now = judge(NEVER_REPORTED, [ev(100, "door.closed")], HELD).state;
  const late = judge(now, [ev(50, "door.opened", false), ev(51, "tamper.on"), ev(52, "door.opened", true)], HELD);
  assertEquals(late.state, now);
  assertEquals(late.changes, [{ raise: "door.forced_open", at: s(50) }, { raise: "device.tamper", at: s(51) }]);
});

Deno.test("exit requests move nothing; an open door's deadline passes while other events come", () => {
  const { state, changes } = judge(
    NEVER_REPORTED,
    [ev(0, "exit.requested"), ev(1, "door.opened", true), ev(70, "tamper.on")],
    HELD,
  );
  assertEquals(changes, [{ raise: "door.held_open", at: s(61) }, { raise: "device.tamper", at: s(70) }]);
  assertEquals([state.position, state.heldOpenDueAt], ["open", null]);
});
