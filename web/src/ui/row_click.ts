// Rows that open their entity on a click anywhere, except on their own links,
// buttons and inputs (which keep their own meaning). The row's name stays a
// real link, so keyboards and screen readers have the same way in.
import type { MouseEvent } from "react";

export const onRowItself = (event: MouseEvent) => !(event.target as HTMLElement).closest("a, button, input, label");
