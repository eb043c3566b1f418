// The Danger Zone card of a user's, group's, room's or device's page: switching it
// off or back on, and deleting it, each beside what it does.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Divider from "@mui/joy/Divider";
import Typography from "@mui/joy/Typography";

type Action = { title: string; text: string; label: string; onClick: () => void };

type Props = {
  /** The heading's id, which names the card. */
  labelId: string;
  /** Whether the thing is active: the toggle then deactivates (in danger's colour). */
  active: boolean;
  toggle: Action;
  remove: Action;
  /** While either change is under way, neither button acts. */
  busy: boolean;
};

export function DangerZone({ labelId, active, toggle, remove, busy }: Props) {
  return (
    <Card component="section" aria-labelledby={labelId} color="danger" variant="outlined" sx={{ gap: 1.5 }}>
      <Typography id={labelId} level="title-lg" component="h2" color="danger">Danger Zone</Typography>
      <Row action={toggle}>
        <Button variant="outlined" color={active ? "danger" : "success"} disabled={busy} onClick={toggle.onClick}>
          {toggle.label}
        </Button>
      </Row>
      <Divider />
      <Row action={remove}>
        <Button color="danger" disabled={busy} onClick={remove.onClick}>{remove.label}</Button>
      </Row>
    </Card>
  );
}

function Row({ action, children }: { action: Action; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
      <Box sx={{ flex: "1 1 200px" }}>
        <Typography level="title-sm">{action.title}</Typography>
        <Typography level="body-sm">{action.text}</Typography>
      </Box>
      {children}
    </Box>
  );
}
