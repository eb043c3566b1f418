// The time, kept current while a screen shows whether schedules are open, so
// "Open now" turns into "Closed now" when a window ends without a reload.
import { useEffect, useState } from "react";

const EVERY_MS = 15_000;

export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
