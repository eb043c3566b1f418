// The Danger Zone card of a user's, group's, room's or device's page: switching
// it off or back on, and deleting it, each beside what it does. The buttons
// read "Deactivate <Kind>" / "Activate <Kind>" (or "Reactivate <Kind>") and
// "Delete <Kind>", and say so while their change runs; while either runs,
// neither acts. The page owns the changes, their toasts and any confirmation.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Divider from "@mui/joy/Divider";
import Typography from "@mui/joy/Typography";

type Change = { isPending: boolean; run: () => void };

type Props = {
  /** The heading's id, which names the card. */
  labelId: string;
  /** "User", "Group", "Room", "Device". */
  kind: string;
  /** Whether the thing is active: the switch then deactivates (in danger's colour). */
  active: boolean;
  /** The word for switching it back on (spec: users, groups and rooms are reactivated). */
  onWord?: "Activate" | "Reactivate";
  /** While the switch runs: "Processing...", or the verb in progress ("Deactivating..."). */
  busyText?: "processing" | "verb";
  /** What switching does, said while it is active and while it is not. */
  toggleText: { active: string; inactive: string };
  removeText: string;
  toggle: Change;
  remove: Change;
};

export function DangerZone({ labelId, kind, active, onWord = "Activate", busyText = "processing", toggleText, removeText, toggle, remove }: Props) {
  const busy = toggle.isPending || remove.isPending;
  const toggleTitle = `${active ? "Deactivate" : onWord} ${kind}`;
  const toggleBusy = busyText === "processing" ? "Processing..." : active ? "Deactivating..." : `${onWord.slice(0, -1)}ing...`;
  return (
    <Card component="section" aria-labelledby={labelId} color="danger" variant="outlined" sx={{ gap: 1.5 }}>
      <Typography id={labelId} level="title-lg" component="h2" color="danger">Danger Zone</Typography>
      <Row title={toggleTitle} text={active ? toggleText.active : toggleText.inactive}>
        <Button variant="outlined" color={active ? "danger" : "success"} disabled={busy} onClick={toggle.run}>
          {toggle.isPending ? toggleBusy : toggleTitle}
        </Button>
      </Row>
      <Divider />
      <Row title={`Delete ${kind}`} text={removeText}>
        <Button color="danger" disabled={busy} onClick={remove.run}>{remove.isPending ? "Deleting..." : `Delete ${kind}`}</Button>
      </Row>
    </Card>
  );
}

function Row({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
      <Box sx={{ flex: "1 1 200px" }}>
        <Typography level="title-sm">{title}</Typography>
        <Typography level="body-sm">{text}</Typography>
      </Box>
      {children}
    </Box>
  );
}
