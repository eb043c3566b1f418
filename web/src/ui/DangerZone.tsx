// The Danger Zone card of a user's, group's, room's or device's page: switching
// it off or back on, and deleting it, each beside what it does. The buttons
// read "Deactivate <Kind>" / "Activate <Kind>" (or "Reactivate <Kind>") and
// "Delete <Kind>", and say so while their change runs; while either runs,
// neither acts. The page owns the changes and their toasts; a confirmation, when
// given, is asked before deleting.
import { type ReactNode, useId } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Divider from "@mui/joy/Divider";
import Typography from "@mui/joy/Typography";

/** A change of the page (its mutation): whether it runs, and running it on the thing. */
type Change<T> = { isPending: boolean; mutate: (item: T) => void };

/** What switching does, said while the thing is active and while it is not; what deleting does. */
export type DangerTexts = { active: string; inactive: string; remove: string };

type Props<T extends { isActive: boolean }> = {
  /** "User", "Group", "Room", "Device". */
  kind: string;
  item: T;
  /** The word for switching it back on (spec: users, groups and rooms are reactivated). */
  onWord?: "Activate" | "Reactivate";
  /** While the switch runs: "Processing...", or the verb in progress ("Deactivating..."). */
  busyText?: "processing" | "verb";
  texts: DangerTexts;
  toggle: Change<T>;
  remove: Change<T>;
  /** Asked with the browser's confirmation before deleting, when given. */
  confirm?: string;
};

export function DangerZone<T extends { isActive: boolean }>(
  { kind, item, onWord = "Activate", busyText = "processing", texts, toggle, remove, confirm }: Props<T>,
) {
  const labelId = useId();
  const active = item.isActive;
  const busy = toggle.isPending || remove.isPending;
  const toggleTitle = `${active ? "Deactivate" : onWord} ${kind}`;
  const toggleBusy = busyText === "processing" ? "Processing..." : active ? "Deactivating..." : `${onWord.slice(0, -1)}ing...`;
  const removeIt = () => (confirm === undefined || window.confirm(confirm)) && remove.mutate(item);
  return (
    <Card component="section" aria-labelledby={labelId} color="danger" variant="outlined" sx={{ gap: 1.5 }}>
      <Typography id={labelId} level="title-lg" component="h2" color="danger">Danger Zone</Typography>
      <Row title={toggleTitle} text={active ? texts.active : texts.inactive}>
        <Button variant="outlined" color={active ? "danger" : "success"} disabled={busy} onClick={() => toggle.mutate(item)}>
          {toggle.isPending ? toggleBusy : toggleTitle}
        </Button>
      </Row>
      <Divider />
      <Row title={`Delete ${kind}`} text={texts.remove}>
        <Button color="danger" disabled={busy} onClick={removeIt}>{remove.isPending ? "Deleting..." : `Delete ${kind}`}</Button>
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
