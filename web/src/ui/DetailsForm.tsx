// The edit card of a user's, group's, room's or device's page: its title, the
// form's fields, and at the bottom Cancel (or Reset) and "Save Changes"
// ("Saving..." while the change runs). Both wait while nothing has changed,
// when the page says so; the page owns the fields, their checks and the change.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { Form } from "./Form";

type Props = {
  /** The heading's id, which names the card. */
  labelId: string;
  title: string;
  onSubmit: () => void;
  /** The change is under way. */
  busy: boolean;
  /** Whether anything was edited; undefined when the buttons do not wait for an edit. */
  changed?: boolean;
  /** Puts the fields back as they were saved. */
  onReset: () => void;
  resetLabel?: "Cancel" | "Reset";
  /** At the left of the buttons (a link to a sub-page). */
  aside?: ReactNode;
  children: ReactNode;
};

export function DetailsForm({ labelId, title, onSubmit, busy, changed = true, onReset, resetLabel = "Cancel", aside, children }: Props) {
  return (
    <Card component="section" aria-labelledby={labelId} sx={{ gap: 2, minWidth: 0 }}>
      <Typography id={labelId} level="title-lg" component="h2">{title}</Typography>
      {/* noValidate: the spec's own messages are shown, not the browser's. */}
      <Form onSubmit={onSubmit}>
        {children}
        <Box sx={{ display: "flex", justifyContent: aside ? "space-between" : "flex-end", alignItems: "center", gap: 1, mt: 2, flexWrap: "wrap" }}>
          {aside}
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="plain" color="neutral" disabled={!changed || busy} onClick={onReset}>{resetLabel}</Button>
            <Button type="submit" disabled={!changed || busy}>{busy ? "Saving..." : "Save Changes"}</Button>
          </Box>
        </Box>
      </Form>
    </Card>
  );
}
