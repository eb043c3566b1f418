// The room Overview's Door Schedule card (spec 3 §1, spec 4 §1): the door's state as a
// badge (Locked, Unlocked, Lockdown) with why and until when, each door's position
// (live, from the Doors board), the unlock schedule (None or a schedule), "First
// person in", each changed at once, and `Held-open alarm after` (seconds), changed
// when the field is left or Enter pressed.
// When the state's "until" comes, the room is read again, so an open page
// follows the schedule.
import { useEffect, useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import { type Room, roomKey } from "../../api/rooms";
import { useSchedules } from "../../api/schedules";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { doneToast, errorToast } from "../../ui/toast/change_toasts";
import { ScheduleSelect } from "../schedules/public";
import { RoomDoorPositions } from "../doors/public";
import { useUpdateDoor } from "./changes";
import {
  DOOR_STATES,
  type DoorSettings,
  doorStateReason,
  HELD_OPEN_PROBLEM,
  heldOpenSeconds,
  ROOM_MESSAGES as M,
} from "./room_rules";

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
  const door: DoorSettings = {
    unlockScheduleId: room.unlockScheduleId,
    firstPersonIn: room.firstPersonIn,
    heldOpenSeconds: room.heldOpenSeconds,
  };
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
      <RoomDoorPositions roomId={room.id} />
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
      <HeldOpenField
        key={room.heldOpenSeconds}
        seconds={room.heldOpenSeconds}
        disabled={update.isPending}
        onChange={(heldOpenSeconds) => change({ heldOpenSeconds })}
      />
    </Card>
  );
}

/** `Held-open alarm after`: sent when left or on Enter, if changed and from 10 to 3600. */
function HeldOpenField({ seconds, disabled, onChange }: { seconds: number; disabled: boolean; onChange: (seconds: number) => void }) {
  const [text, setText] = useState(String(seconds));
  const typed = heldOpenSeconds(text);
  const commit = () => {
    if (typed !== null && typed !== seconds) onChange(typed);
  };
  return (
    <FormControl error={typed === null}>
      <FormLabel>Held-open alarm after</FormLabel>
      <Input
        name="heldOpenSeconds"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === "Enter" && commit()}
        endDecorator="seconds"
        disabled={disabled}
        sx={{ maxWidth: 200 }}
      />
      <FormHelperText>{typed === null ? HELD_OPEN_PROBLEM : "A door open longer raises a Door held open alarm."}</FormHelperText>
    </FormControl>
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
