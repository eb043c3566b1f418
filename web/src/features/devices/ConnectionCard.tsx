// The device page's Connection card (spec 4 §2 "Screens"), for a device with an API
// key: `Online`, `Offline` (with when it was last seen) or `Never connected`, its
// door's position, and whether it holds the newest access list. Read with the device
// (GET /api/devices/{id} says all three) and kept live by its door.changed events.
import { useId } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { type Device, deviceKey } from "../../api/devices";
import { useLiveEvents } from "../../api/live_events";
import { connectionText, type DoorEntry, type DoorFacts, lastSeenText, listText, positionText } from "../doors/public";
const CHANGED = ["door.changed"] as const;

export function ConnectionCard({ device }: { device: Device }) {
  const titleId = useId();
  const cache = useQueryClient();
  useLiveEvents(CHANGED, (_type, data) => {
    const entry = data as DoorEntry;
    if (entry.deviceId !== device.id) return;
    const { connection, position, list } = entry;
    cache.setQueryData<Device>(deviceKey(device.id), (held) => held && { ...held, connection, position, list });
  }, device.hasApiKey);
  // The list's row (standing in while the device loads) has no connection yet.
  if (!device.hasApiKey || !("connection" in device)) return null;
  const door = device as Device & DoorFacts;
  const now = new Date();
  const lastSeen = lastSeenText(door, now);
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ gap: 1 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
        <Typography id={titleId} level="title-lg" component="h2">Connection</Typography>
        <Chip variant="soft" color={door.connection.state === "online" ? "success" : door.connection.state === "offline" ? "danger" : "neutral"}>
          {connectionText(door)}
        </Chip>
      </Box>
      {lastSeen && <Typography level="body-sm">{lastSeen}</Typography>}
      <Typography level="body-sm">Door: {positionText(door)}</Typography>
      <Typography level="body-sm">Access list: {listText(door, now)}</Typography>
    </Card>
  );
}
