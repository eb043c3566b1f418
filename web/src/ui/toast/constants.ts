// Toast behaviour fixed by spec 1 §1.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
/** How long a dismissed toast stays in state before removal. */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_VIEWPORT_LABEL = `Notifications (${TOAST_HOTKEY})`;
/** Maximum viewport width from the md breakpoint up. */
export const TOAST_VIEWPORT_MAX_WIDTH = 420;
