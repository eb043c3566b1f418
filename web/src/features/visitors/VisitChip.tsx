// A visit's status chip (spec 4 §5): `Upcoming`, `Active`, `Arrived HH:MM`, `Ended`,
// `Revoked`, from the clock (visit_display.ts).
import Chip from "@mui/joy/Chip";
import { statusChip, type Visit } from "./visit_display";

export function VisitChip({ visit, now }: { visit: Visit; now: Date }) {
  const { label, color } = statusChip(visit, now);
  return <Chip size="sm" variant="soft" color={color} sx={{ whiteSpace: "nowrap" }}>{label}</Chip>;
}
