// The Danger Zone card of a user's, group's, room's or device's page: switching
// it off or back on, and deleting it, each beside what it does. The buttons
// read "Deactivate <Kind>" / "Activate <Kind>" (or "Reactivate <Kind>") and
// "Delete <Kind>", and say so while their change runs; while either runs,
// neither acts. The page owns the changes and their toasts; a confirmation, when
// given, is asked before deleting. What is never switched off (a schedule, a
// holiday calendar) has a DeleteZone: the delete alone.
import { type ReactNode, useId } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Divider from "@mui/joy/Divider";
import Typography from "@mui/joy/Typography";

/** A change of the page (its mutation): whether it runs, on what (as it was then), and running it on the thing. */
type Change<T> = { isPending: boolean; variables?: T; mutate: (item: T) => void };

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
  const active = item.isActive;
  const busy = toggle.isPending || remove.isPending;
  const toggleTitle = `${active ? "Deactivate" : onWord} ${kind}`;
  // The page shows the switch done at once (optimistic): while it runs, the verb is of
  // the state it was switched from.
  const switching = toggle.isPending && toggle.variables ? toggle.variables.isActive : active;
  const toggleBusy = busyText === "processing" ? "Processing..." : switching ? "Deactivating..." : `${onWord.slice(0, -1)}ing...`;
  return (
    <DangerCard>
      <Row title={toggleTitle} text={active ? texts.active : texts.inactive}>
        <Button variant="outlined" color={active ? "danger" : "success"} disabled={busy} onClick={() => toggle.mutate(item)}>
          {toggle.isPending ? toggleBusy : toggleTitle}
        </Button>
      </Row>
      <Divider />
      <DeleteRow kind={kind} item={item} text={texts.remove} remove={remove} disabled={busy} confirm={confirm} />
    </DangerCard>
  );
}

type DeleteProps<T> = { kind: string; item: T; text: string; remove: Change<T>; confirm?: string };

export function DeleteZone<T>(props: DeleteProps<T>) {
  return (
    <DangerCard>
      <DeleteRow {...props} disabled={props.remove.isPending} />
    </DangerCard>
  );
}

function DangerCard({ children }: { children: ReactNode }) {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} color="danger" variant="outlined" sx={{ gap: 1.5 }}>
      <Typography id={labelId} level="title-lg" component="h2" color="danger">Danger Zone</Typography>
      {children}
    </Card>
  );
}

function DeleteRow<T>({ kind, item, text, remove, confirm, disabled }: DeleteProps<T> & { disabled: boolean }) {
  const removeIt = () => (confirm === undefined || window.confirm(confirm)) && remove.mutate(item);
  return (
    <Row title={`Delete ${kind}`} text={text}>
      <Button color="danger" disabled={disabled} onClick={removeIt}>{remove.isPending ? "Deleting..." : `Delete ${kind}`}</Button>
    </Row>
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
