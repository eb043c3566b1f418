// A small mark on a row or page whose change waits in the outbox (offline, or
// not yet answered), so the admin sees what the server has not accepted yet.
import Chip from "@mui/joy/Chip";
import { isSaved } from "../api/mutations";
import { usePending } from "../offline/use_outbox";

/** `entity` names one thing: "rooms/5". */
export function PendingChip({ entity }: { entity: string }) {
  // A thing made here stays Pending until its row or page moves to the server's id.
  // Its create is answered a moment before that, and a change of it waiting behind
  // the create is by then filed under the new id, so the old one's rows say nothing.
  const pending = usePending(entity) || !isSaved(Number(entity.split("/")[1]));
  if (!pending) return null;
  return (
    <Chip size="sm" variant="soft" color="warning" title="This change has not reached the server yet">
      Pending
    </Chip>
  );
}
