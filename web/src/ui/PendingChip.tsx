// A small mark on a row or page whose change waits in the outbox (offline, or
// not yet answered), so the admin sees what the server has not accepted yet.
import Chip from "@mui/joy/Chip";
import { usePending } from "../offline/use_outbox";

export function PendingChip({ entity }: { entity: string }) {
  const pending = usePending(entity);
  if (!pending) return null;
  return (
    <Chip size="sm" variant="soft" color="warning" title="This change has not reached the server yet">
      Pending
    </Chip>
  );
}
