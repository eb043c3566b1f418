// A list's search box: a search icon, a placeholder and an accessible name.
import Input from "@mui/joy/Input";
import type { SxProps } from "@mui/joy/styles/types";
import { SearchIcon } from "./icons";

type Props = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name; defaults to the placeholder. */
  label?: string;
  sx?: SxProps;
  autoFocus?: boolean;
};

export function SearchField({ value, onChange, placeholder, label, sx, autoFocus }: Props) {
  return (
    <Input
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      startDecorator={<SearchIcon size={18} />}
      autoFocus={autoFocus}
      slotProps={{ input: { "aria-label": label ?? placeholder } }}
      sx={{ minWidth: 0, ...sx }}
    />
  );
}
