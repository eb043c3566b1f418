// `Your Doors` on /app (spec 3 §4), phone first: a card per room the member's
// groups hold, with a full-width `Unlock` (`Unlocking...` while pending; Face ID is
// asked for by the browser). A card that cannot open now is disabled and says why,
// with its next opening. Without a passkey the cards offer `Set up Face ID` (the
// registration of spec 1); with no rooms at all, a button of its own does (spec 4
// §4: an invited person lands here first). Offline the list shows from the cache
// and the buttons say `Unlocking needs a connection`. Kept current by the members'
// live channel.
import { useCallback, useId, useSyncExternalStore } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { ApiError, serverMessage } from "../../api/api_error";
import { useOnline } from "../../offline/use_outbox";
import { FaceIdIcon } from "../../ui/icons";
import { toast } from "../../ui/toast/toast";
import { useNow } from "../schedules/public";
import { useHasFaceId, useMemberDoors, useSetUpFaceId, useUnlock } from "./api";
import { DoorCard } from "./DoorCard";
import { closedLine, type Door, DOOR_MESSAGES as M, unlockedToast } from "./door_rules";
import { useMemberEvents } from "./use_member_events";

const unchanging = () => () => {};
// Read only when a closed door's next opening is shown: the first Intl formatter a
// page makes loads the locale's and time zones' data, a long task on a phone. Read
// at each render then, so a phone that changes time zone follows.
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The browser's time zone when `needed` (a closed door shows its next opening), else
 * null. Null too on the server, which knows no visitor's, and so while its page is
 * hydrated (the first render must match the markup); it comes right after. Only when
 * needed: a value that differs from the server's makes React render the list again
 * at once, inside the hydration's last long task.
 */
const useTimeZone = (needed: boolean) =>
  useSyncExternalStore(unchanging, () => needed, () => false) ? browserZone() : null;

export function YourDoors({ email }: { email: string }) {
  const { data: doors } = useMemberDoors();
  useMemberEvents(doors);
  const online = useOnline();
  const now = useNow();
  const timeZone = useTimeZone(doors?.some((door) => !door.canOpenNow && door.nextChange !== null) ?? false);
  const hasFaceId = useHasFaceId(email);
  const setUp = useSetUpFaceId(email);
  const unlock = useUnlock(email);
  const titleId = useId();

  // Stable between renders, so that a card whose own state is unchanged is not redrawn.
  const { mutate: unlockDoor } = unlock;
  const tap = useCallback((door: Door) => {
    unlockDoor(door, {
      onSuccess: (answer) => toast(unlockedToast(door.roomName, answer)),
      onError: (error) =>
        toast(
          error instanceof ApiError && error.status === 403
            ? { title: M.denied, description: serverMessage(error, M.denied), variant: "destructive" }
            : { title: M.failed, description: serverMessage(error, online ? M.faceIdFailed : M.needsConnection), variant: "destructive" },
        ),
    });
  }, [unlockDoor, online]);

  const { mutate: setUpMutate } = setUp;
  const setUpFaceId = useCallback(() => {
    setUpMutate(undefined, { onError: () => toast({ title: M.failed, description: M.setUpFailed, variant: "destructive" }) });
  }, [setUpMutate]);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} level="h2" fontSize="lg" sx={{ mb: 1.5 }}>
        {M.title}
      </Typography>
      {doors && doors.length === 0 && <Typography level="body-sm" textColor="text.secondary">{M.none}</Typography>}
      {/* No card to offer it on (a person just invited has no rooms yet): offered alone (spec 4 §4). */}
      {doors && doors.length === 0 && hasFaceId === false && (
        <Button
          fullWidth
          size="lg"
          variant="soft"
          startDecorator={<FaceIdIcon />}
          disabled={!online || setUp.isPending}
          onClick={setUpFaceId}
          sx={{ mt: 1.5 }}
        >
          {setUp.isPending ? M.settingUp : M.setUp}
        </Button>
      )}
      <Stack component="ul" gap={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {doors?.map((door) => (
          <DoorCard
            key={door.roomId}
            door={door}
            closed={closedLine(door, now, timeZone)}
            online={online}
            offerSetUp={hasFaceId === false}
            pending={unlock.isPending && unlock.variables?.roomId === door.roomId}
            busy={unlock.isPending}
            settingUp={setUp.isPending}
            onUnlock={tap}
            onSetUp={setUpFaceId}
          />
        ))}
      </Stack>
    </Box>
  );
}
