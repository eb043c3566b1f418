// The signed-in user's initials; pressing it asks to sign out.
import Avatar from "@mui/joy/Avatar";
import IconButton from "@mui/joy/IconButton";
import type { SessionUser } from "../../api/session";
import { displayName, initials } from "../../api/user_display";

export function AccountButton({ user, onClick }: { user: SessionUser; onClick: () => void }) {
  return (
    <IconButton
      variant="plain"
      aria-label={`Sign out ${displayName(user)}`}
      aria-haspopup="dialog"
      onClick={onClick}
      sx={{ borderRadius: "50%", p: 0.25, flexShrink: 0 }}
    >
      <Avatar size="sm" color="primary" variant="solid" aria-hidden="true">
        {initials(user)}
      </Avatar>
    </IconButton>
  );
}
