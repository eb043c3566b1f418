// The room Overview's Door Schedule card (spec 3 §1): the door's state as a
// badge (Locked, Unlocked, Lockdown) with why and until when, the unlock
// schedule (None or a schedule) and "First person in", each changed at once.
// When the state's "until" comes, the room is read again, so an open page
// follows the schedule.
import { useEffect, useId } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { type Room, roomKey } from "../../api/rooms";
import { useSchedules } from "../../api/schedules";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { doneToast, errorToast } from "../../ui/toast/change_toasts";
import { ScheduleSelect } from "../schedules/public";
import { useUpdateDoor } from "./changes";
import { DOOR_STATES, type DoorSettings, doorStateReason, ROOM_MESSAGES as M } from "./room_rules";

/** setTimeout's longest wait; a change further off is read when the page opens again. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function DoorScheduleCard({ room }: { room: Room }) {
  const titleId = useId();
  const schedules = useSchedules().data;
  useReadAgainAt(room.id, room.doorState.until);
  const update = useUpdateDoor({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => errorToast(error, M.updateFailed),
  });
  const door: DoorSettings = { unlockScheduleId: room.unlockScheduleId, firstPersonIn: room.firstPersonIn };
  const change = (patch: Partial<DoorSettings>) => update.mutate({ room, door: { ...door, ...patch } });
  const state = DOOR_STATES[room.doorState.state];
  const scheduleId = room.unlockScheduleId;
  const schedule = scheduleId === null
    ? null
    : { id: scheduleId, name: schedules?.find((s) => s.id === scheduleId)?.name ?? `Schedule ${scheduleId}` };

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ gap: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
        <Typography id={titleId} level="title-lg" component="h2">Door Schedule</Typography>
        <Chip variant="soft" color={state.color}>{state.label}</Chip>
      </Box>
      <Typography level="body-sm" textColor="text.secondary">{doorStateReason(room.doorState)}</Typography>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
        <Typography level="title-sm" component="p">Unlock Schedule</Typography>
        <ScheduleSelect
          label="Unlock Schedule"
          noneLabel="None"
          value={schedule}
          onChange={(picked) => change({ unlockScheduleId: picked?.id ?? null })}
          disabled={update.isPending}
        />
        <Typography level="body-xs">While it is open, the door opens without a credential.</Typography>
      </Box>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
        <LabelledSwitch
          label="First person in"
          checked={room.firstPersonIn}
          onChange={(firstPersonIn) => change({ firstPersonIn })}
          disabled={update.isPending}
        />
        <Typography level="body-xs">Unlock only once someone has been let in since the schedule opened.</Typography>
      </Box>
    </Card>
  );
}

/** Reads the room again a moment after `until`, when its door changes by itself. */
function useReadAgainAt(roomId: number, until: string | null) {
  const cache = useQueryClient();
  useEffect(() => {
    if (!until) return;
    const wait = Math.max(0, Date.parse(until) - Date.now()) + 1000;
    if (wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => void cache.invalidateQueries({ queryKey: roomKey(roomId) }), wait);
    return () => clearTimeout(timer);
  }, [cache, roomId, until]);
}
