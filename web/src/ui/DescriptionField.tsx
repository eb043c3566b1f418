// The optional Description of a group or a room, in its form and its Add dialog.
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Textarea from "@mui/joy/Textarea";

type Props = { value: string; onChange: (value: string) => void; minRows?: number; placeholder?: string };

export function DescriptionField({ value, onChange, minRows = 3, placeholder }: Props) {
  return (
    <FormControl>
      <FormLabel>Description</FormLabel>
      <Textarea name="description" minRows={minRows} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormControl>
  );
}
