// Says when the app is offline (and how old the data on screen is) and how
// many changes wait for the server; opens the list of held changes.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Typography from "@mui/joy/Typography";
import { useOnline, useOutbox } from "./use_outbox";
import { lazyPart } from "../ui/lazy_part";

// Not in the first load (its table, list and modal): fetched once changes wait
// (ui/lazy_part.tsx), since it is opened offline, where it may not load later.
const PendingChangesDialog = lazyPart(() => import("./PendingChangesDialog").then((m) => m.PendingChangesDialog));

// Made when first needed (offline): the first Intl formatter a page makes loads the
// locale's data, which on a phone holds the main thread for a long task at start.
let time: Intl.DateTimeFormat | undefined;
const savedTime = (at: number) => (time ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" })).format(at);

/**
 * When the newest data on hand was read (0: none, such as the signed-out session
 * alone); follows the cache, which the persisted copy fills after the first render.
 */
function useSavedAt(): number {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const newest = useCallback(
    () => Math.max(0, ...cache.getAll().filter((q) => q.state.data != null).map((q) => q.state.dataUpdatedAt)),
    [cache],
  );
  return useSyncExternalStore(subscribe, newest, newest);
}

export function OfflineBanner() {
  const online = useOnline();
  const rows = useOutbox();
  const savedAt = useSavedAt();
  const [open, setOpen] = useState(false);
  const held = rows.filter((r) => r.status !== "waiting").length;
  const waiting = rows.length - held;
  // A newly refused or conflicting change asks for a decision at once.
  const heldBefore = useRef(held);
  useEffect(() => {
    if (held > heldBefore.current) setOpen(true);
    heldBefore.current = held;
  }, [held]);
  const anyRows = rows.length > 0;
  useEffect(() => {
    if (anyRows) PendingChangesDialog.preload();
  }, [anyRows]);
  if (online && rows.length === 0) return null;

  const parts: string[] = [];
  if (!online) {
    parts.push(savedAt ? `Offline — showing data saved at ${savedTime(savedAt)}` : "Offline");
  }
  if (waiting) parts.push(`${waiting} ${waiting === 1 ? "change" : "changes"} waiting`);
  if (held) parts.push(`${held} ${held === 1 ? "change needs" : "changes need"} your attention`);

  return (
    <Box
      role="status"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        flexWrap: "wrap",
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: held ? "warning.softBg" : "neutral.softBg",
        borderBottom: "1px solid",
        borderColor: "divider",
      }}
    >
      <Typography level="body-sm" sx={{ color: "text.primary" }}>{parts.join(" · ")}</Typography>
      {rows.length > 0 && (
        <Button size="sm" variant="plain" onClick={() => setOpen(true)}>Review changes</Button>
      )}
      {open && (
        <PendingChangesDialog open onClose={() => setOpen(false)} rows={rows} />
      )}
    </Box>
  );
}
