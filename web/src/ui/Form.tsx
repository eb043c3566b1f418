// Every form of the app: submitting runs `onSubmit` in the page, never a page load.
// noValidate: fields keep required/minLength for assistive technology, and the
// spec's own messages are shown instead of the browser's bubbles.
import type { ReactNode } from "react";

export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
