// `Guests` on a member's /app (spec 4 §5): `Invite a Guest` (the visit's fields, the
// rooms chosen from Your Doors, the member the host) and the member's guests still
// to come or here now, each with its chip, PIN, `Copy pass link` and Revoke. The
// list is cached like every read (it shows offline); the changes need a connection.
import { useId, useMemo, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { useOnline } from "../../offline/use_outbox";
import { PlusIcon } from "../../ui/icons";
import { useMemberDoors } from "../doors/public";
import { useNow } from "../schedules/public";
import { useVisits } from "./api";
import { VisitButtons, useVisitActions } from "./VisitActions";
import { VisitChip } from "./VisitChip";
import { type Option, VisitDialog } from "./VisitDialog";
import { currentGuests, dayOf, type Visit, windowText } from "./visit_display";

export const GUEST_TEXTS = {
  title: "Guests",
  invite: "Invite a Guest",
  send: "Invite Guest",
  none: "No guests coming. Invite one to give them a pass for your doors.",
  needConnection: "Guests need a connection",
} as const;
const G = GUEST_TEXTS;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `hostId`: the signed-in person, whose guests these are (an admin's list would hold everyone's). */
export function Guests({ hostId }: { hostId: number }) {
  const titleId = useId();
  const online = useOnline();
  const now = useNow();
  // From the day's start: the key holds still all day (and so the cache offline).
  const list = useVisits(`/api/visits?hostId=${hostId}&from=${encodeURIComponent(dayOf(now).start.toISOString())}`);
  const guests = useMemo(() => currentGuests(list.data ?? [], now), [list.data, now]);
  const [inviting, setInviting] = useState(false);
  const doors = useMemberDoors();
  const rooms = useMemo(() => (doors.data ?? []).map((d): Option => ({ id: d.roomId, label: d.roomName })), [doors.data]);
  const actions = useVisitActions();
  const zone = browserZone();

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} level="h2" fontSize="lg" sx={{ mb: 1.5 }}>{G.title}</Typography>
      <Stack gap={1.5}>
        <Button size="lg" variant="soft" startDecorator={<PlusIcon />} disabled={!online} onClick={() => setInviting(true)}>
          {G.invite}
        </Button>
        {!online && <Typography role="status" level="body-sm" color="warning">{G.needConnection}</Typography>}
        {list.data && guests.length === 0 && <Typography level="body-sm" textColor="text.secondary">{G.none}</Typography>}
        {guests.length > 0 && (
          <Stack component="ul" aria-label="Your guests" gap={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
            {guests.map((visit) => <GuestCard key={visit.id} visit={visit} now={now} zone={zone} actions={actions} online={online} />)}
          </Stack>
        )}
      </Stack>
      <VisitDialog open={inviting} onClose={() => setInviting(false)} rooms={rooms} texts={{ title: G.invite, submit: G.send }} />
      {actions.dialogs}
    </Box>
  );
}

type CardProps = { visit: Visit; now: Date; zone: string; actions: ReturnType<typeof useVisitActions>; online: boolean };

function GuestCard({ visit, now, zone, actions, online }: CardProps) {
  return (
    <Card component="li" sx={{ gap: 0.75, p: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "flex-start" }}>
        <Typography level="title-md" component="h3" sx={{ overflowWrap: "anywhere" }}>{visit.guestName}</Typography>
        <VisitChip visit={visit} now={now} />
      </Box>
      <Typography level="body-sm">{windowText(visit.startsAt, visit.endsAt, zone)}</Typography>
      <Typography level="body-sm">{visit.roomNames.join(", ")}</Typography>
      <Typography level="body-sm">PIN: <Typography component="span" fontFamily="monospace">{visit.pin}</Typography></Typography>
      <VisitButtons visit={visit} actions={actions} online={online} />
    </Card>
  );
}
