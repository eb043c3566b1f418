// A thing's name in a list, as a link to its page, cut with an ellipsis when
// long, followed by its marks: Inactive when it is switched off (where the
// list shows that), and Pending while a change to it waits in the outbox.
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Link from "@mui/joy/Link";
import { PendingChip } from "./PendingChip";
import { StatusChip } from "./StatusChip";

type Props = {
  to: string;
  name: string;
  /** The outbox's name for it ("rooms/3"), for the Pending badge. */
  pending: string;
  /** Shows Inactive when false. */
  active?: boolean;
};

export function NameLink({ to, name, pending, active = true }: Props) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Link component={RouterLink} to={to} level="title-sm" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {name}
      </Link>
      {!active && <StatusChip active={false} />}
      <PendingChip entity={pending} />
    </Box>
  );
}
