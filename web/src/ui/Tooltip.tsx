// Joy's Tooltip with the timing of spec 1 §1: opens after 700 ms, at once when
// another tooltip closed less than 300 ms ago, 4 px from its anchor.
import { useSyncExternalStore } from "react";
import JoyTooltip, { type TooltipProps } from "@mui/joy/Tooltip";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_SIDE_OFFSET = 4;

// Shared by every tooltip: while one is open, and for 300 ms after it closes, the
// next opens without delay. Joy has its own version ("enterNextDelay") but with a
// fixed 800 ms window, so ours replaces it by switching the delays.
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipping(value: boolean) {
  skipping = value;
  listeners.forEach((l) => l());
}

function noteOpened() {
  clearTimeout(skipTimer);
  setSkipping(true);
}

function noteClosed() {
  clearTimeout(skipTimer);
  skipTimer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const offsetModifier = { name: "offset", options: { offset: [0, TOOLTIP_SIDE_OFFSET] } };

export function Tooltip({ onOpen, onClose, modifiers, ...props }: Omit<TooltipProps, "enterDelay" | "enterNextDelay">) {
  const delay = useSyncExternalStore(subscribe, () => skipping) ? 0 : TOOLTIP_DELAY_MS;
  return (
    <JoyTooltip
      {...props}
      enterDelay={delay}
      enterNextDelay={delay}
      modifiers={[offsetModifier, ...(modifiers ?? [])]}
      onOpen={(event) => {
        noteOpened();
        onOpen?.(event);
      }}
      onClose={(event) => {
        noteClosed();
        onClose?.(event);
      }}
    />
  );
}
