// The pager under a keyset-paged table: what is shown ("1-50 of 111", "Page 2"),
// and the previous and next page.
import Box from "@mui/joy/Box";
import IconButton from "@mui/joy/IconButton";
import Typography from "@mui/joy/Typography";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

type Props = { label: string; canPrevious: boolean; canNext: boolean; onPrevious: () => void; onNext: () => void };

export function Pager({ label, canPrevious, canNext, onPrevious, onNext }: Props) {
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 1 }}>
      <Typography level="body-sm" aria-live="polite">{label}</Typography>
      <IconButton size="sm" variant="outlined" color="neutral" aria-label="Previous page" disabled={!canPrevious} onClick={onPrevious}>
        <ChevronLeftIcon size={18} />
      </IconButton>
      <IconButton size="sm" variant="outlined" color="neutral" aria-label="Next page" disabled={!canNext} onClick={onNext}>
        <ChevronRightIcon size={18} />
      </IconButton>
    </Box>
  );
}
