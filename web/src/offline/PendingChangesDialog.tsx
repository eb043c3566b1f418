// The changes that have not reached the server: waiting ones, refused ones
// (retry or discard) and conflicts (keep mine or take the server's version).
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { discard, keepMine, retry } from "./outbox";
import type { OutboxRow } from "./outbox_rules";

const SKIP = new Set(["id", "createdAt", "updatedAt"]);

/** The fields where the user's edit and the server's version differ. */
function differences(mine: unknown, theirs: unknown): [string, string, string][] {
  const a = (mine ?? {}) as Record<string, unknown>;
  const b = (theirs ?? {}) as Record<string, unknown>;
  return Object.keys(a)
    .filter((k) => !SKIP.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => [k, String(a[k] ?? "—"), String(b[k] ?? "—")]);
}

function Conflict({ row }: { row: OutboxRow }) {
  const diff = differences(row.request.body, row.current);
  return (
    <Stack spacing={1} sx={{ width: "100%" }}>
      <Typography level="body-sm">Someone else changed this after you loaded it. Choose which version to keep.</Typography>
      <Table size="sm" aria-label={`Versions of ${row.label}`}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Your version</th>
            <th scope="col">Server version</th>
          </tr>
        </thead>
        <tbody>
          {diff.map(([field, mine, theirs]) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>{mine}</td>
              <td>{theirs}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Stack direction="row" spacing={1}>
        <Button size="sm" onClick={() => void keepMine(row)}>Keep mine</Button>
        <Button size="sm" variant="outlined" onClick={() => void discard(row)}>Take server's</Button>
      </Stack>
    </Stack>
  );
}

function Row({ row }: { row: OutboxRow }) {
  return (
    <ListItem sx={{ flexDirection: "column", alignItems: "stretch", gap: 1, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography level="title-sm">{row.label}</Typography>
        <Chip size="sm" color={row.status === "waiting" ? "neutral" : row.status === "conflict" ? "warning" : "danger"}>
          {row.status === "waiting" ? "Waiting" : row.status === "conflict" ? "Conflict" : "Refused"}
        </Chip>
      </Stack>
      {row.status === "failed" && (
        <>
          <Typography level="body-sm" color="danger">{row.error}</Typography>
          <Stack direction="row" spacing={1}>
            <Button size="sm" onClick={() => void retry(row.seq!)}>Retry</Button>
            <Button size="sm" variant="outlined" color="danger" onClick={() => void discard(row)}>Discard</Button>
          </Stack>
        </>
      )}
      {row.status === "conflict" && <Conflict row={row} />}
    </ListItem>
  );
}

export function PendingChangesDialog(
  { open, onClose, rows }: { open: boolean; onClose: () => void; rows: OutboxRow[] },
) {
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby="pending-changes-title" sx={{ width: "min(640px, 100%)", overflow: "auto" }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id="pending-changes-title">Changes not yet saved</DialogTitle>
        <DialogContent>
          {rows.length === 0
            ? <Typography>Every change has reached the server.</Typography>
            : <List>{rows.map((row) => <Row key={row.seq} row={row} />)}</List>}
        </DialogContent>
      </ModalDialog>
    </Modal>
  );
}
