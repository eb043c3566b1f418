// Every form of the app: submitting runs `onSubmit` in the page, never a page load.
// noValidate: fields keep required/minLength for assistive technology, and the
// spec's own messages are shown instead of the browser's bubbles. A submit is
// its own form's: React passes events up through portals, so a dialog's form
// opened from inside another form (a holiday's, in its calendar's) would
// otherwise submit that one too.
import type { ReactNode } from "react";

export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
