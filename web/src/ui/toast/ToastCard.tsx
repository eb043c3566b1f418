// One toast: closes itself after its duration (paused while hovered or focused)
// and can be swiped to the right to dismiss.
import { type DragEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import Button from "@mui/joy/Button";
import IconButton from "@mui/joy/IconButton";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD } from "./constants";
import type { ToastItem } from "./reducer";
import { dismissToast } from "./toast";

/** Horizontal movement before a press counts as a swipe rather than a click. */
const SWIPE_START_BUFFER = 10;

export function ToastCard({ toast }: { toast: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const onDismiss = () => dismissToast(toast.id);
  const offset = useSwipeRight(onDismiss);
  useAutoDismiss(toast.id, toast.duration ?? TOAST_DURATION, paused);
  const destructive = toast.variant === "destructive";

  return (
    <Sheet
      variant={destructive ? "solid" : "outlined"}
      color={destructive ? "danger" : "neutral"}
      // Buttons inside a solid danger toast take colours that contrast with it.
      invertedColors={destructive}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      {...offset.handlers}
      sx={{
        pointerEvents: "auto",
        touchAction: "pan-y",
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        p: 2,
        pr: 1,
        borderRadius: "md",
        boxShadow: "lg",
        transform: `translateX(${offset.x}px)`,
        transition: offset.dragging ? "none" : "transform 200ms ease-out",
        userSelect: offset.dragging ? "none" : undefined,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        {toast.title && <Typography level="title-sm" textColor="inherit">{toast.title}</Typography>}
        {toast.description && <Typography level="body-sm" textColor="inherit">{toast.description}</Typography>}
      </div>
      {toast.action && (
        <Button
          size="sm"
          variant="outlined"
          color="neutral"
          onClick={() => {
            toast.action?.onClick();
            onDismiss();
          }}
        >
          {toast.action.label}
        </Button>
      )}
      <IconButton size="sm" variant="plain" color="neutral" aria-label="Close" onClick={onDismiss}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </IconButton>
    </Sheet>
  );
}

/** Dismisses the toast after `duration` ms of not being paused; the remaining time survives pauses. */
function useAutoDismiss(id: string, duration: number, paused: boolean) {
  const remaining = useRef(duration);
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, paused]);
}

/** Follows a pointer dragged to the right; past the threshold the toast is dismissed. */
function useSwipeRight(onDismiss: () => void) {
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  // Refs, not state: pointerup may arrive before React renders the last move.
  const startX = useRef<number | null>(null);
  const delta = useRef(0);
  const swiping = useRef(false);

  const end = () => {
    const dismissed = swiping.current && delta.current >= TOAST_SWIPE_THRESHOLD;
    startX.current = null;
    swiping.current = false;
    delta.current = 0;
    setDragging(false);
    if (dismissed) onDismiss();
    else setX(0);
  };

  const handlers = {
    onPointerDown(event: PointerEvent) {
      if (event.button === 0) startX.current = event.clientX;
    },
    onPointerMove(event: PointerEvent) {
      if (startX.current === null) return;
      delta.current = Math.max(0, event.clientX - startX.current);
      if (!swiping.current && delta.current > SWIPE_START_BUFFER) {
        // Capture only once a swipe starts, so plain clicks still reach the buttons.
        event.currentTarget.setPointerCapture(event.pointerId);
        swiping.current = true;
        setDragging(true);
        window.getSelection()?.removeAllRanges();
      }
      if (swiping.current) setX(delta.current);
    },
    onPointerUp: end,
    onPointerCancel: end,
    // Dragging selected text would start a native drag and cancel the swipe.
    onDragStart(event: DragEvent) {
      event.preventDefault();
    },
  };
  return { x, dragging, handlers };
}
