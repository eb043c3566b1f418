// The card under an integration's status on its Devices tab (spec 2 §2): the
// devices its discovery found that wait for an admin (Last Lock: approval;
// UniFi: a room), with what shows while they load, when they could not be
// read, and when none wait. Each device is a bordered row with its action.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";

type Props = {
  /** The heading's id, which names the card and its list. */
  labelId: string;
  texts: { title: string; description: string; loading: string; failed: string; empty: string };
  /** The read of the waiting devices. */
  query: { isPending: boolean; isError: boolean; data?: unknown };
  /** How many of them the card lists. */
  count: number;
  /** The rows (PendingDeviceRow). */
  children: ReactNode;
};

export function PendingDevicesCard({ labelId, texts, query, count, children }: Props) {
  return (
    <Card component="section" aria-labelledby={labelId} sx={{ gap: 1.5 }}>
      <Box>
        <Typography id={labelId} level="title-lg" component="h2">{texts.title}</Typography>
        <Typography level="body-sm" textColor="text.secondary">{texts.description}</Typography>
      </Box>
      {query.isPending
        ? <Typography role="status" level="body-sm">{texts.loading}</Typography>
        : query.isError && !query.data
        ? <Typography level="body-sm" color="danger">{texts.failed}</Typography>
        : count === 0
        ? <Typography level="body-sm" textColor="text.secondary">{texts.empty}</Typography>
        : <List aria-labelledby={labelId} sx={{ "--ListItem-paddingX": 0, gap: 1 }}>{children}</List>}
    </Card>
  );
}

/** One waiting device: what is known of it on the left, its action on the right; warning-tinted when it waits for approval. */
export function PendingDeviceRow({ warning = false, children, action }: { warning?: boolean; children: ReactNode; action: ReactNode }) {
  return (
    <ListItem sx={{ display: "block" }}>
      <Box
        sx={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          gap: 2,
          flexWrap: "wrap",
          p: 1.5,
          borderRadius: "sm",
          border: "1px solid",
          borderColor: warning ? "warning.outlinedBorder" : "neutral.outlinedBorder",
          bgcolor: warning ? "warning.softBg" : undefined,
        }}
      >
        {children}
        {action}
      </Box>
    </ListItem>
  );
}
