// The searchable time-zone picker of a schedule (spec 3 §1): every IANA zone the
// browser knows, and UTC, which Intl's list leaves out. A zone the list lacks
// (an old alias a schedule was saved with) is offered too, so it still shows.
import Autocomplete from "@mui/joy/Autocomplete";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";

const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = ZONES.includes(value) || !value ? ZONES : [value, ...ZONES];
  return (
    <FormControl required>
      <FormLabel>Time Zone</FormLabel>
      <Autocomplete
        options={options}
        value={value || null}
        onChange={(_, zone) => onChange(zone ?? "")}
        placeholder="Search time zones"
        autoHighlight
      />
    </FormControl>
  );
}
