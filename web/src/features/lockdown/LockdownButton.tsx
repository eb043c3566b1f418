// The red Lockdown button of the dashboard navigation (spec 3 §2), in both of
// its forms: an item of the desktop rail (its label shown when the rail widens)
// and an icon button of the phone and tablet top bar. It opens Start Lockdown;
// offline it says "Lockdown needs a connection" and does nothing, since a
// lockdown is never queued.
import { useState } from "react";
import Box from "@mui/joy/Box";
import IconButton from "@mui/joy/IconButton";
import ListItem from "@mui/joy/ListItem";
import ListItemButton from "@mui/joy/ListItemButton";
import ListItemDecorator from "@mui/joy/ListItemDecorator";
import { useOnline } from "../../offline/use_outbox";
import { LockIcon } from "../../ui/icons";
import { Tooltip } from "../../ui/Tooltip";
import { LOCKDOWN_MESSAGES as M } from "./lockdown_rules";
import { StartLockdownDialog } from "./StartLockdownDialog";

const LABEL = "Lockdown";

function useLockdownButton() {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const dialog = <StartLockdownDialog open={open} onClose={() => setOpen(false)} />;
  return { online, label: online ? LABEL : M.needsConnection, openDialog: () => setOpen(true), dialog };
}

/** The desktop rail's item; `labelClassName` is the rail's, which shows labels when it widens. */
export function LockdownNavItem({ labelClassName }: { labelClassName: string }) {
  const { online, label, openDialog, dialog } = useLockdownButton();
  return (
    <ListItem>
      <ListItemButton color="danger" variant="solid" disabled={!online} onClick={openDialog}>
        <ListItemDecorator sx={{ color: "inherit" }}>
          <LockIcon size={22} />
        </ListItemDecorator>
        <span className={labelClassName}>{label}</span>
      </ListItemButton>
      {dialog}
    </ListItem>
  );
}

/** The top bar's icon button, named by its tooltip's words. */
export function LockdownBarButton() {
  const { online, label, openDialog, dialog } = useLockdownButton();
  return (
    <>
      <Tooltip title={label}>
        {/* A disabled button hears no pointer: the tooltip listens on its box. */}
        <Box component="span" sx={{ display: "inline-flex" }}>
          <IconButton color="danger" variant="solid" aria-label={label} disabled={!online} onClick={openDialog}>
            <LockIcon size={22} />
          </IconButton>
        </Box>
      </Tooltip>
      {dialog}
    </>
  );
}
