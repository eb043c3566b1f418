// The name field of an Add dialog or a details card: its label, the input and
// the problem with it, if any, under it.
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input, { type InputProps } from "@mui/joy/Input";

type NameFieldProps = {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** What is wrong with it (the screen's check or the server's refusal), under the field. */
  problem?: string | null;
  /** What the name is for, under the field while nothing is wrong with it. */
  help?: string;
  /** More of the input's attributes (its name, placeholder). */
  input?: InputProps;
};

/** The name a form asks for first: required; in an Add dialog, focused when it opens (`input.autoFocus` false elsewhere). */
export function NameField({ label, value, onChange, problem, help, input }: NameFieldProps) {
  return (
    <FormControl required error={Boolean(problem)}>
      <FormLabel>{label}</FormLabel>
      <Input autoFocus {...input} value={value} onChange={(e) => onChange(e.target.value)} />
      {(problem || help) && <FormHelperText>{problem || help}</FormHelperText>}
    </FormControl>
  );
}
