// The top of a user's, group's, room's or device's page: the link back, "View
// history" (its events in the audit log), the name with its Active/Inactive badge
// (and Pending while a change to it waits in the outbox), and a line under it.
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { ArrowLeftIcon } from "./icons";
import { PageBody } from "./PageHeader";
import { PendingChip } from "./PendingChip";
import { StatusChip } from "./StatusChip";

type Props = {
  back: { to: string; label: string };
  title: string;
  /** Active or Inactive, for things that can be switched off. */
  active?: boolean;
  /** The outbox's name for it ("rooms/3"), for the Pending badge. */
  pending?: string;
  /** More marks after the status (a user's Verified and Admin). */
  badges?: ReactNode;
  /** Left of the name (a user's avatar). */
  avatar?: ReactNode;
  /** The line under the name. */
  children?: ReactNode;
  /** Where "View history" leads: this thing's events in the audit log (once it is saved). */
  history?: string;
};

export function EntityHeader({ back, title, active, pending, badges, avatar, children, history }: Props) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
        <Link component={RouterLink} to={back.to} level="body-sm" startDecorator={<ArrowLeftIcon size={16} />}>
          {back.label}
        </Link>
        {history && <Link component={RouterLink} to={history} level="body-sm">View history</Link>}
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, minWidth: 0 }}>
        {avatar}
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }} sx={{ wordBreak: "break-word" }}>{title}</Typography>
            {active !== undefined && <StatusChip active={active} />}
            {badges}
            {pending && <PendingChip entity={pending} />}
          </Box>
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** A page for a thing that does not exist: what it says, and the way back to the list. */
export function NotFoundCard({ title, text, back }: { title: string; text?: string; back: { to: string; label: string } }) {
  return (
    <PageBody>
      <Card sx={{ maxWidth: 480, mx: "auto", mt: 6, textAlign: "center", alignItems: "center", gap: 1.5 }}>
        <Typography level="h1" fontSize="xl2">{title}</Typography>
        {text && <Typography>{text}</Typography>}
        <Button component={RouterLink} to={back.to}>{back.label}</Button>
      </Card>
    </PageBody>
  );
}
