// The Active / Inactive badge of users and groups.
import Chip from "@mui/joy/Chip";

export function StatusChip({ active }: { active: boolean }) {
  return (
    <Chip size="sm" variant="soft" color={active ? "success" : "neutral"}>
      {active ? "Active" : "Inactive"}
    </Chip>
  );
}
