// The dashboards' live channel (GET /api/events/stream, admin; spec 3 §6): one
// EventSource a page, shared by every screen that listens, open while any does.
// The browser reconnects by itself and sends Last-Event-ID, and the server resumes
// after it, so nothing is missed across a short drop; `resync` (the server no longer
// holds where we were) and every (re)connection ("open") tell listeners to read
// again what they show. Opened only once a sign-out owed to the server is done (the
// cookie would still be the previous person's); the screens that listen are shown
// to a signed-in admin alone and unmount on sign-out, which closes the stream.
// Listeners get the event's data too (the alarm, the door's entry), parsed only when
// someone listens to that type.
import { useEffect, useRef } from "react";
import { endPendingSession } from "./client";
import { LIVE_TYPES } from "../../../api/events/contract.ts";

export const EVENTS_PATH = "/api/events/stream";

/** What the stream sends (every event type a webhook may subscribe to, door.changed and `resync`), and "open" for each (re)connection. */
export type LiveType = (typeof LIVE_TYPES)[number] | "resync" | "open";
const STREAM_TYPES: LiveType[] = [...LIVE_TYPES, "resync"];

/** `data`: the event's data as JSON sends it (api/events/contract.ts EventData); undefined for "open". */
type LiveFn = (type: LiveType, data: unknown) => void;
type Listener = { types: readonly LiveType[]; fn: LiveFn };
const listeners = new Set<Listener>();
let source: EventSource | undefined;
let opening = false;

function dispatch(type: LiveType, message?: MessageEvent<string>) {
  let data: unknown;
  let read = false;
  for (const listener of listeners) {
    if (!listener.types.includes(type)) continue;
    if (!read && message) data = JSON.parse(message.data);
    read = true;
    listener.fn(type, data);
  }
}

function open() {
  if (source || opening || typeof EventSource === "undefined") return;
  opening = true;
  void endPendingSession().then((clear) => {
    opening = false;
    if (!clear || listeners.size === 0 || source) return;
    // Same origin: the session cookie goes with it.
    source = new EventSource(EVENTS_PATH, { withCredentials: true });
    source.addEventListener("open", () => dispatch("open"));
    for (const type of STREAM_TYPES) source.addEventListener(type, (message) => dispatch(type, message));
  });
}

function close() {
  source?.close();
  source = undefined;
}

/** Calls `fn` with each live event of `types` (and its data) while `enabled` (and mounted). */
export function useLiveEvents(types: readonly LiveType[], fn: LiveFn, enabled: boolean) {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const key = types.join(",");
  useEffect(() => {
    if (!enabled) return;
    const listener: Listener = { types: key.split(",") as LiveType[], fn: (type, data) => latest.current(type, data) };
    listeners.add(listener);
    open();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) close();
    };
  }, [key, enabled]);
}
