import { describe, expect, it } from "vitest";
import { TOAST_LIMIT } from "./constants";
import { type ToastItem, type ToastState, toastReducer } from "./reducer";

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({ id, title: id, open: true, ...extra });
const empty: ToastState = { toasts: [] };

describe("toastReducer", () => {
  it("keeps at most TOAST_LIMIT (1) toasts, newest first", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer(empty, { type: "ADD_TOAST", toast: item("a") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: item("b") });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("updates only the toast with the given id", () => {
    const state = toastReducer({ toasts: [item("a")] }, {
      type: "UPDATE_TOAST",
      toast: { id: "a", title: "changed", variant: "destructive" },
    });
    expect(state.toasts[0]).toMatchObject({ id: "a", title: "changed", variant: "destructive", open: true });
    const untouched = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "zzz", title: "x" } });
    expect(untouched.toasts).toEqual(state.toasts);
  });

  it("dismiss closes the toast but keeps it in state", () => {
    const state = toastReducer({ toasts: [item("a"), item("b")] }, { type: "DISMISS_TOAST", toastId: "a" });
    expect(state.toasts.map((t) => [t.id, t.open])).toEqual([["a", false], ["b", true]]);
  });

  it("dismiss without an id closes every toast", () => {
    const state = toastReducer({ toasts: [item("a"), item("b")] }, { type: "DISMISS_TOAST" });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
  });

  it("remove drops the toast, or all toasts without an id", () => {
    const two = { toasts: [item("a"), item("b")] };
    expect(toastReducer(two, { type: "REMOVE_TOAST", toastId: "a" }).toasts.map((t) => t.id)).toEqual(["b"]);
    expect(toastReducer(two, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });

  it("does not mutate the previous state", () => {
    const before = { toasts: [item("a")] };
    const snapshot = structuredClone(before);
    toastReducer(before, { type: "DISMISS_TOAST", toastId: "a" });
    toastReducer(before, { type: "ADD_TOAST", toast: item("b") });
    expect(before).toEqual(snapshot);
  });
});
