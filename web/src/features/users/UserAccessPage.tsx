// /dash/user/{id}/access (spec 4 §7): `What <firstName> can open`. The rooms the
// user's active groups hold (each to its page), `Can open now`, when that next
// changes (in the viewer's time zone), the grants that let them through, and `Export
// to CSV`. A table from 600 px, cards on a phone. Offline it shows the review as last
// read.
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { viaText } from "../../api/access_display";
import { useUserAccess, userAccessCsv, type UserAccessRoom } from "../../api/access_review";
import type { User } from "../../api/users";
import { useOnline } from "../../offline/use_outbox";
import { ListState } from "../../ui/ListControls";
import { ListView } from "../../ui/ListViews";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useRouteId } from "../../ui/use_route_id";
import { AccessTabHeader, CanOpenChip } from "../rooms/public";
import { useNow } from "../schedules/public";
import { nextChangeText, userAccessEmpty, userAccessTitle, viewerTimeZone } from "./user_access_display";
import { UserLayout } from "./UserLayout";

const TEXTS = {
  label: "Room access",
  loading: "Loading access...",
  fetchFailed: "Failed to fetch access",
  inactive: "This user is deactivated: they can open nothing.",
  noChange: "—",
} as const;

export default function UserAccessPage() {
  // Asked beside the user, not once it has loaded: the layout shows this tab only then.
  useUserAccess(useRouteId());
  return <UserLayout tab="Access">{(user) => <UserAccess user={user} />}</UserLayout>;
}

type Row = UserAccessRoom & { id: number; nextText: string | null };

function UserAccess({ user }: { user: User }) {
  const access = useUserAccess(user.id);
  const online = useOnline();
  const failed = online && access.isError;
  useFailureToast(failed ? access.error : null, TEXTS.fetchFailed);
  const now = useNow();
  const zone = viewerTimeZone();
  const rows: Row[] = (access.data ?? []).map((room) => ({
    ...room,
    id: room.roomId,
    nextText: nextChangeText(room.nextChange, room.canOpenNow, now, zone),
  }));

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <AccessTabHeader title={userAccessTitle(user)} csv={userAccessCsv(user.id)} readAt={access.dataUpdatedAt} failed={failed} />
      {!user.isActive && <Typography level="body-sm">{TEXTS.inactive}</Typography>}
      <ListState
        loading={access.isPending && user.id > 0}
        loadingText={TEXTS.loading}
        failed={access.isError && !access.data ? TEXTS.fetchFailed : null}
        empty={rows.length ? null : userAccessEmpty(user)}
      >
        <ListView
          label={TEXTS.label}
          items={rows}
          columns={[
            { header: "ROOM", width: "24%", cell: (row) => <RoomName row={row} /> },
            { header: "CAN OPEN NOW", width: "16%", cell: (row) => <CanOpenChip canOpenNow={row.canOpenNow} form="cell" /> },
            { header: "NEXT CHANGE", width: "24%", cell: (row) => row.nextText ?? TEXTS.noChange },
            { header: "VIA", width: "36%", cell: (row) => viaText(row.via) },
          ]}
          tableSx={{ minWidth: 560 }}
          card={(row) => <RoomCard row={row} />}
        />
      </ListState>
    </Box>
  );
}

function RoomName({ row }: { row: Row }) {
  return <Link component={RouterLink} to={`/dash/room/${row.roomId}`} level="title-sm">{row.roomName}</Link>;
}

function RoomCard({ row }: { row: Row }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, flex: 1, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <RoomName row={row} />
        <CanOpenChip canOpenNow={row.canOpenNow} form="card" />
      </Box>
      {row.nextText && <Typography level="body-sm">{row.nextText}</Typography>}
      <Typography level="body-xs">{viaText(row.via)}</Typography>
    </Box>
  );
}
