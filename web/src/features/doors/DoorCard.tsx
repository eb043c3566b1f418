// One card of `Your Doors` (spec 3 §4): the room, its door count, why it cannot open
// now, and its one button (`Unlock`, or `Set up Face ID` without a passkey).
// Memoized: YourDoors re-renders whenever anything it reads moves (the clock, the
// network, the time zone once hydrated, an unlock elsewhere in the list), and each
// of a card's Joy parts costs a phone's CPU its styles again; a card whose own
// props are unchanged is left as it is.
import { memo } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { ClockIcon, FaceIdIcon, UnlockIcon } from "../../ui/icons";
import { type Door, DOOR_MESSAGES as M } from "./door_rules";

type Props = {
  door: Door;
  /** Why it cannot open now (with its next opening), or null when it can. */
  closed: string | null;
  online: boolean;
  /** The member has no passkey: the card offers to set one up instead of Unlock. */
  offerSetUp: boolean;
  /** This card's unlock is under way. */
  pending: boolean;
  /** An unlock (of any card) or the Face ID setup is under way. */
  busy: boolean;
  settingUp: boolean;
  onUnlock: (door: Door) => void;
  onSetUp: () => void;
};

export const DoorCard = memo(function DoorCard(
  { door, closed, online, offerSetUp, pending, busy, settingUp, onUnlock, onSetUp }: Props,
) {
  return (
    <Card component="li" sx={{ gap: 1.25, p: 2 }}>
      <Box>
        <Typography level="title-lg" component="h3">{door.roomName}</Typography>
        <Typography level="body-sm" textColor="text.secondary">
          {door.doorCount === 1 ? "1 door" : `${door.doorCount} doors`}
        </Typography>
      </Box>
      {closed && (
        <Typography level="body-sm" color="warning" startDecorator={<ClockIcon size={16} />}>
          {closed}
        </Typography>
      )}
      {offerSetUp
        ? (
          <Button size="lg" variant="soft" startDecorator={<FaceIdIcon />} disabled={!online || settingUp} onClick={onSetUp}>
            {settingUp ? M.settingUp : M.setUp}
          </Button>
        )
        : (
          <Button
            size="lg"
            startDecorator={online && <UnlockIcon />}
            loading={pending}
            loadingPosition="start"
            disabled={!online || closed !== null || busy}
            aria-label={online && !pending ? `${M.unlock} ${door.roomName}` : undefined}
            onClick={() => onUnlock(door)}
          >
            {!online ? M.needsConnection : pending ? M.unlocking : M.unlock}
          </Button>
        )}
    </Card>
  );
});
