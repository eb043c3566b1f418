// A schedule's state in the list: "Open now" (green) or "Closed now".
import Chip from "@mui/joy/Chip";
import { openNowText } from "./open_line";

export function OpenNowChip({ open }: { open: boolean }) {
  return (
    <Chip size="sm" variant="soft" color={open ? "success" : "neutral"}>
      {openNowText(open)}
    </Chip>
  );
}
