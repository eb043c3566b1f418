// /dash/room/{id}/access (spec 4 §7): `Who can open this room`. The people an active
// group lets through (name to their page, e-mail, `Can open now`, the grants that do),
// searched by name or e-mail as the admin types and windowed like the users list, so
// 10,000 stay smooth; the room's guests still to come or here now; `Export to CSV`.
// A table from 600 px, cards on a phone. Offline it shows the review as last read.
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { filterPeople, personHaystack, viaText } from "../../api/access_display";
import { type RoomAccessPerson, roomAccessCsv, type RoomGuest, useRoomAccess } from "../../api/access_review";
import { isSaved } from "../../api/mutations";
import type { Room } from "../../api/rooms";
import { useOnline } from "../../offline/use_outbox";
import { EmptyState } from "../../ui/EmptyState";
import { ListState } from "../../ui/ListControls";
import { ListView } from "../../ui/ListViews";
import { allRowsLabel } from "../../ui/range_label";
import { SearchField } from "../../ui/SearchField";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { useRouteId } from "../../ui/use_route_id";
import { WindowedList, WindowedTable } from "../../ui/Windowed";
import { useNow } from "../schedules/public";
import { AccessTabHeader, CanOpenChip } from "./AccessParts";
import { currentGuests, type GuestChip, guestWindowText, ROOM_ACCESS_TEXTS as T } from "./room_access_display";
import { RoomLayout } from "./RoomLayout";

const ROW_HEIGHT = 52;
const CARD_HEIGHT = 112;

export default function RoomAccessPage() {
  // Asked beside the room, not once it has loaded: the layout shows this tab only then.
  useRoomAccess(useRouteId());
  return <RoomLayout tab="Access">{(room) => <RoomAccess room={room} />}</RoomLayout>;
}

function RoomAccess({ room }: { room: Room }) {
  const access = useRoomAccess(room.id);
  const online = useOnline();
  const failed = online && access.isError;
  useFailureToast(failed ? access.error : null, T.fetchFailed);
  const now = useNow();
  const guests = useMemo(() => currentGuests(access.data?.visits ?? [], now), [access.data, now]);
  const guestsHeading = useId();
  // A room made offline and not yet on the server has no one and no guests.
  const saved = isSaved(room.id);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5 }}>
      <AccessTabHeader title={T.title} csv={roomAccessCsv(room.id)} readAt={access.dataUpdatedAt} failed={failed} />
      {!room.isActive && <Typography level="body-sm">{T.roomInactive}</Typography>}
      <People people={access.data?.users} loading={access.isPending && saved} failed={access.isError && !access.data} />
      <Box component="section" aria-labelledby={guestsHeading} sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Typography id={guestsHeading} level="title-md" component="h3">{T.guests}</Typography>
        {access.data && guests.length > 0
          ? (
            <ListView
              label={T.guestsLabel}
              items={guests.map(({ visit, chip }) => ({ id: visit.visitId, visit, chip }))}
              columns={[
                { header: "GUEST", width: "28%", cell: ({ visit }) => visit.guestName },
                { header: "HOST", width: "26%", cell: ({ visit }) => visit.hostName },
                { header: "WINDOW", width: "30%", cell: ({ visit }) => guestWindowText(visit.startsAt, visit.endsAt, now) },
                { header: "STATUS", width: "16%", cell: ({ chip }) => <GuestStatus chip={chip} /> },
              ]}
              tableSx={{ minWidth: 560 }}
              card={({ visit, chip }) => <GuestCard visit={visit} chip={chip} now={now} />}
            />
          )
          : (access.data || !saved) && <EmptyState>{T.noGuests}</EmptyState>}
      </Box>
    </Box>
  );
}

function People({ people, loading, failed }: { people?: RoomAccessPerson[]; loading: boolean; failed: boolean }) {
  const phone = useIsPhone();
  const heading = useId();
  const [search, setSearch] = useState("");
  // Typing stays responsive: the box updates at once, the 10,000-row filter when React has time.
  const deferred = useDeferredValue(search);
  const index = useMemo(() => (people ?? []).map(personHaystack), [people]);
  const shown = useMemo(() => filterPeople(people ?? [], deferred, index), [people, deferred, index]);
  const empty = shown.length ? null : deferred.trim() ? T.noMatch : T.none;

  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Typography id={heading} level="title-md" component="h3">{T.people}</Typography>
      <SearchField value={search} onChange={setSearch} placeholder={T.search} label={T.searchLabel} sx={{ maxWidth: 420 }} />
      <ListState loading={loading} loadingText={T.loading} failed={failed ? T.fetchFailed : null} empty={empty}>
        {phone
          ? (
            <WindowedList
              items={shown}
              rowHeight={CARD_HEIGHT}
              label={T.peopleLabel}
              getKey={(p) => p.userId}
              renderItem={(person) => <PersonCard person={person} />}
            />
          )
          : (
            <WindowedTable
              items={shown}
              rowHeight={ROW_HEIGHT}
              label={T.peopleLabel}
              columns={4}
              getKey={(p) => p.userId}
              head={
                <>
                  <th scope="col" style={{ width: "24%" }}>NAME</th>
                  <th scope="col" style={{ width: "28%" }}>EMAIL</th>
                  <th scope="col" style={{ width: "16%" }}>CAN OPEN NOW</th>
                  <th scope="col" style={{ width: "32%" }}>VIA</th>
                </>
              }
              renderRow={(person) => <PersonCells person={person} />}
            />
          )}
      </ListState>
      {people && <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(shown.length)}</Typography>}
    </Box>
  );
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

function PersonName({ person }: { person: RoomAccessPerson }) {
  return (
    <Link component={RouterLink} to={`/dash/user/${person.userId}`} level="title-sm" sx={{ ...ellipsis, display: "block", minWidth: 0 }}>
      {person.name}
    </Link>
  );
}

function PersonCells({ person }: { person: RoomAccessPerson }) {
  const via = viaText(person.via);
  return (
    <>
      <td style={ellipsis}><PersonName person={person} /></td>
      <td style={ellipsis}>{person.email}</td>
      <td><CanOpenChip canOpenNow={person.canOpenNow} form="cell" /></td>
      <td style={ellipsis} title={via}>{via}</td>
    </>
  );
}

function PersonCard({ person }: { person: RoomAccessPerson }) {
  const via = viaText(person.via);
  return (
    <Sheet
      variant="outlined"
      sx={{ borderRadius: "sm", p: 1.5, height: "100%", display: "flex", flexDirection: "column", gap: 0.5, boxSizing: "border-box", minWidth: 0 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, minWidth: 0 }}>
        <PersonName person={person} />
        <CanOpenChip canOpenNow={person.canOpenNow} form="card" />
      </Box>
      <Typography level="body-sm" sx={ellipsis}>{person.email}</Typography>
      <Typography level="body-xs" sx={ellipsis} title={via}>{via}</Typography>
    </Sheet>
  );
}

function GuestStatus({ chip }: { chip: GuestChip }) {
  return <Chip size="sm" variant="soft" color={chip.color} sx={{ whiteSpace: "nowrap" }}>{chip.label}</Chip>;
}

function GuestCard({ visit, chip, now }: { visit: RoomGuest; chip: GuestChip; now: Date }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, flex: 1, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography level="title-sm" sx={ellipsis}>{visit.guestName}</Typography>
        <GuestStatus chip={chip} />
      </Box>
      <Typography level="body-sm">{`Host: ${visit.hostName}`}</Typography>
      <Typography level="body-sm">{guestWindowText(visit.startsAt, visit.endsAt, now)}</Typography>
    </Box>
  );
}
