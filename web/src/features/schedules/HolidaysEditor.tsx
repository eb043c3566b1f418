// A holiday calendar's holidays in date order (spec 3 §1), each with its dates,
// "Every year" when it repeats, its hours ("Closed all day" without windows),
// Edit and Remove; "Add Holiday" above. The list is the calendar form's, which
// Save Changes sends whole.
import { useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import type { Holiday } from "../../api/schedules";
import { EmptyState } from "../../ui/EmptyState";
import { AddButton } from "../../ui/ListControls";
import { CALENDAR_MESSAGES as M, holidayDates, type HolidayForm, holidayFormOf, newHolidayForm, sortHolidays } from "./calendar_form";
import { HolidayDialog } from "./HolidayDialog";
import { windowsText } from "./week_rules";

/** The holiday being edited: its place in the list, or null for a new one. */
type Editing = { index: number | null; form: HolidayForm };

export function HolidaysEditor({ holidays, onChange }: { holidays: Holiday[]; onChange: (holidays: Holiday[]) => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = (holiday: Holiday) => {
    const others = editing?.index == null ? holidays : holidays.filter((_, i) => i !== editing.index);
    onChange(sortHolidays([...others, holiday]));
    setEditing(null);
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id={titleId} level="title-md" component="h3">Holidays</Typography>
        <AddButton label="Add Holiday" onClick={() => setEditing({ index: null, form: newHolidayForm() })} />
      </Box>
      {holidays.length === 0
        ? <EmptyState>{M.holidaysEmpty}</EmptyState>
        : (
          <Box component="ul" aria-label="Holidays" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {holidays.map((h, i) => (
              <Sheet
                component="li"
                key={`${h.date}:${h.name}:${i}`}
                variant="outlined"
                sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
              >
                <Box sx={{ flex: "1 1 220px", minWidth: 0 }}>
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <Typography level="title-sm">{h.name}</Typography>
                    {h.repeatsYearly && <Chip size="sm" variant="soft">Every year</Chip>}
                  </Box>
                  <Typography level="body-sm">{holidayDates(h)}</Typography>
                  <Typography level="body-xs" textColor="text.secondary">{windowsText(h.windows, "Closed all day")}</Typography>
                </Box>
                <Button size="sm" variant="plain" aria-label={`Edit ${h.name}`} onClick={() => setEditing({ index: i, form: holidayFormOf(h) })}>
                  Edit
                </Button>
                <Button size="sm" variant="plain" color="danger" aria-label={`Remove ${h.name}`} onClick={() => onChange(holidays.filter((_, j) => j !== i))}>
                  Remove
                </Button>
              </Sheet>
            ))}
          </Box>
        )}
      {editing && <HolidayDialog initial={editing.form} isNew={editing.index === null} onSave={save} onClose={() => setEditing(null)} />}
    </Box>
  );
}
