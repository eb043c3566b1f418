// `Your Doors` on /app (spec 3 §4), phone first: a card per room the member's
// groups hold, with a full-width `Unlock` (`Unlocking...` while pending; Face ID is
// asked for by the browser). A card that cannot open now is disabled and says why,
// with its next opening. Without a passkey the cards offer `Set up Face ID` (the
// registration of spec 1). Offline the list shows from the cache and the buttons
// say `Unlocking needs a connection`. Kept current by the members' live channel.
import { useId, useSyncExternalStore } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { ApiError, serverMessage } from "../../api/api_error";
import { useOnline } from "../../offline/use_outbox";
import { ClockIcon, FaceIdIcon, UnlockIcon } from "../../ui/icons";
import { toast } from "../../ui/toast/toast";
import { useNow } from "../schedules/public";
import { useHasFaceId, useMemberDoors, useSetUpFaceId, useUnlock } from "./api";
import { closedLine, type Door, DOOR_MESSAGES as M, unlockedToast } from "./door_rules";
import { useMemberEvents } from "./use_member_events";

const unchanging = () => () => {};
/**
 * The browser's time zone; null on the server, which knows no visitor's, and so while
 * its page is hydrated (the first render must match its markup): the next opening's
 * time is added right after.
 */
const useTimeZone = () =>
  useSyncExternalStore(unchanging, () => Intl.DateTimeFormat().resolvedOptions().timeZone, () => null);

export function YourDoors({ email }: { email: string }) {
  const { data: doors } = useMemberDoors();
  useMemberEvents(doors);
  const online = useOnline();
  const now = useNow();
  const timeZone = useTimeZone();
  const hasFaceId = useHasFaceId(email);
  const setUp = useSetUpFaceId(email);
  const unlock = useUnlock(email);
  const titleId = useId();

  function tap(door: Door) {
    unlock.mutate(door, {
      onSuccess: (answer) => toast(unlockedToast(door.roomName, answer)),
      onError: (error) =>
        toast(
          error instanceof ApiError && error.status === 403
            ? { title: M.denied, description: serverMessage(error, M.denied), variant: "destructive" }
            : { title: M.failed, description: serverMessage(error, online ? M.faceIdFailed : M.needsConnection), variant: "destructive" },
        ),
    });
  }

  function setUpFaceId() {
    setUp.mutate(undefined, { onError: () => toast({ title: M.failed, description: M.setUpFailed, variant: "destructive" }) });
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} level="h2" fontSize="lg" sx={{ mb: 1.5 }}>
        {M.title}
      </Typography>
      {doors && doors.length === 0 && <Typography level="body-sm" textColor="text.secondary">{M.none}</Typography>}
      <Stack component="ul" gap={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {doors?.map((door) => {
          const closed = closedLine(door, now, timeZone);
          const pending = unlock.isPending && unlock.variables?.roomId === door.roomId;
          return (
            <Card key={door.roomId} component="li" sx={{ gap: 1.25, p: 2 }}>
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
              {hasFaceId === false
                ? (
                  <Button
                    size="lg"
                    variant="soft"
                    startDecorator={<FaceIdIcon />}
                    disabled={!online || setUp.isPending}
                    onClick={setUpFaceId}
                  >
                    {setUp.isPending ? M.settingUp : M.setUp}
                  </Button>
                )
                : (
                  <Button
                    size="lg"
                    startDecorator={online && <UnlockIcon />}
                    loading={pending}
                    loadingPosition="start"
                    disabled={!online || closed !== null || unlock.isPending}
                    aria-label={online && !pending ? `${M.unlock} ${door.roomName}` : undefined}
                    onClick={() => tap(door)}
                  >
                    {!online ? M.needsConnection : pending ? M.unlocking : M.unlock}
                  </Button>
                )}
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
}
