// "Add Holiday" / "Edit Holiday" on a holiday calendar's page (spec 3 §1): its
// name, date, optional end date, "Repeats yearly" and its hours (no window:
// closed all day). Done, the holiday goes into the calendar's form, which Save
// Changes sends whole; mistakes show here first, in the server's words.
import { useState } from "react";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import type { Holiday } from "../../api/schedules";
import { AddDialog } from "../../ui/AddDialog";
import { type HolidayForm, holidayOf, holidayProblem } from "./calendar_form";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { WindowsEditor } from "./WindowsEditor";

type Props = {
  /** The holiday to edit; a new one starts blank. */
  initial: HolidayForm;
  isNew: boolean;
  onSave: (holiday: Holiday) => void;
  onClose: () => void;
};

export function HolidayDialog({ initial, isNew, onSave, onClose }: Props) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<HolidayForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  function onSubmit() {
    const found = holidayProblem(form);
    setProblem(found);
    if (!found) onSave(holidayOf(form));
  }

  return (
    <AddDialog
      title={isNew ? "Add Holiday" : "Edit Holiday"}
      submitLabel={isNew ? "Add Holiday" : "Save Holiday"}
      open
      busy={false}
      onSubmit={onSubmit}
      onClose={onClose}
      width={560}
    >
      <FormControl required>
        <FormLabel>Holiday Name</FormLabel>
        <Input autoFocus autoComplete="off" placeholder="e.g. Christmas Day" value={form.name} onChange={(e) => set({ name: e.target.value })} />
      </FormControl>
      <FormControl required>
        <FormLabel>Date</FormLabel>
        <Input type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} />
      </FormControl>
      <FormControl>
        <FormLabel>End Date</FormLabel>
        <Input type="date" value={form.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        <FormHelperText>Optional, for a holiday of several days (at most 31 days after its date).</FormHelperText>
      </FormControl>
      <LabelledSwitch label="Repeats yearly" checked={form.repeatsYearly} onChange={(repeatsYearly) => set({ repeatsYearly })} />
      <Typography level="title-sm" component="h3">Hours</Typography>
      <WindowsEditor label="Holiday" windows={form.windows} onChange={(windows) => set({ windows })} closedText="Closed all day" />
      {problem && <Typography role="alert" color="danger" level="body-sm">{problem}</Typography>}
    </AddDialog>
  );
}
