// A read asked for by live events, at most once a second whatever their rate: the
// first asks at once, later ones within the second are one read at its end.
import { useEffect, useRef } from "react";

export const READ_EVERY_MS = 1_000;

/** A function that runs `read` soon: now, or once the last read is a second old. */
export function useReadSoon(read: () => void): () => void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + READ_EVERY_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      latest.current();
    }, wait);
  };
}
