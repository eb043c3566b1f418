// The event types an endpoint hears: a checkbox each; none checked, every event.
// A plain fieldset: inside a FormControl every checkbox would take its one id.
import Box from "@mui/joy/Box";
import Checkbox from "@mui/joy/Checkbox";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import type { Subscribable } from "../../../../api/events/contract.ts";
import { EVENT_TYPES, WEBHOOK_TEXTS as T } from "./webhook_display";

type Props = { value: Subscribable[]; onChange: (types: Subscribable[]) => void };

export function EventTypesField({ value, onChange }: Props) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" level="title-sm" sx={{ mb: 0.75 }}>{T.eventTypes}</Typography>
      <Stack spacing={0.75}>
        {EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            size="sm"
            label={type}
            checked={value.includes(type)}
            onChange={(e) => onChange(e.target.checked ? [...value, type] : value.filter((t) => t !== type))}
          />
        ))}
      </Stack>
      <Typography level="body-xs" sx={{ mt: 0.75 }}>{T.allEventsHint}</Typography>
    </Box>
  );
}
