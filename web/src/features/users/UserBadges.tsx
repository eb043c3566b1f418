// The marks next to a user's name: identity verified, Admin, and Pending while
// a change to the user waits in the outbox.
import Chip from "@mui/joy/Chip";
import { VerifiedIcon } from "../../ui/icons";
import { PendingChip } from "../../ui/PendingChip";
import type { User } from "../../api/users";

/** Spec 1 §2: the badge shows when the user belongs to a group named Admin. */
export const inAdminGroup = (user: Pick<User, "groups">) =>
  user.groups.some((g) => g.name.toLowerCase() === "admin");

export function VerifiedMark() {
  return (
    <Chip
      size="sm"
      variant="plain"
      color="success"
      role="img"
      aria-label="Identity verified"
      title="Identity verified"
      sx={{ px: 0, minHeight: 0 }}
    >
      <VerifiedIcon size={18} />
    </Chip>
  );
}

export function UserBadges({ user, verified }: { user: User; verified: boolean }) {
  return (
    <>
      {verified && <VerifiedMark />}
      {inAdminGroup(user) && <Chip size="sm" variant="soft" color="primary">Admin</Chip>}
      <PendingChip entity={`users/${user.id}`} />
    </>
  );
}
