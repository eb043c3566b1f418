// /dash/room/{id}/sensor (spec 2 §2, §9): current occupancy against capacity,
// average duration, peak utilization and daily visitors — live figures from
// GET /api/rooms/{id}/sensor-data when the room has a density device, the
// spec's placeholders (12 of 15, 45 m, 92%, 156) otherwise — and today's
// events of the room's doors. Export Data downloads today's events as CSV
// (the rows behind Daily Visitors). Analytics and History say 'coming soon':
// the Utilization tab shows that data.
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import LinearProgress from "@mui/joy/LinearProgress";
import Link from "@mui/joy/Link";
import Tab from "@mui/joy/Tab";
import TabList from "@mui/joy/TabList";
import TabPanel from "@mui/joy/TabPanel";
import Tabs from "@mui/joy/Tabs";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { CardList, type ListColumn, ListTable } from "../../ui/ListViews";
import { DownloadIcon } from "../../ui/icons";
import { useIsPhone } from "../../ui/use_media_query";
import type { Room } from "../../api/rooms";
import { useSensorData } from "./api";
import { RoomLayout } from "./RoomLayout";
import { sensorFigures } from "./room_rules";
import { type SensorEvent, sensorEventsUrl, sensorExportUrl, type SensorEventsPage, startOfLocalDay } from "./sensor_events";

export default function RoomSensorPage() {
  return <RoomLayout tab="Sensor">{(room) => <Sensor room={room} />}</RoomLayout>;
}

function Sensor({ room }: { room: Room }) {
  const [since] = useState(() => startOfLocalDay(new Date()));
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography level="h2" fontSize="xl">Sensor Overview</Typography>
        <Button
          component="a"
          href={sensorExportUrl(room.id, since)}
          download={`room-${room.id}-access-logs.csv`}
          variant="outlined"
          color="neutral"
          startDecorator={<DownloadIcon size={18} />}
          disabled={room.id < 1}
        >
          Export Data
        </Button>
      </Box>
      <Tabs defaultValue="overview" aria-label="Sensor views" sx={{ bgcolor: "transparent" }}>
        <TabList>
          <Tab value="overview">Overview</Tab>
          <Tab value="analytics">Analytics</Tab>
          <Tab value="history">History</Tab>
        </TabList>
        <TabPanel value="overview" sx={{ px: 0 }}>
          <Overview room={room} since={since} />
        </TabPanel>
        <TabPanel value="analytics" sx={{ px: 0 }}>
          <ComingSoon room={room} what="Analytics" />
        </TabPanel>
        <TabPanel value="history" sx={{ px: 0 }}>
          <ComingSoon room={room} what="History" />
        </TabPanel>
      </Tabs>
    </Box>
  );
}

function Overview({ room, since }: { room: Room; since: Date }) {
  const sensor = useSensorData(room.id);
  const shown = sensorFigures(sensor.data);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        {sensor.isPending && room.id > 0
          ? <Typography level="body-sm" role="status">Loading sensor data...</Typography>
          : shown.live
          ? <Chip color="success" variant="soft">Live Data</Chip>
          : <Chip color="neutral" variant="soft">Sample Data</Chip>}
        {!shown.live && !sensor.isPending && (
          <Typography level="body-sm" textColor="text.secondary">
            No density sensor in this room: sample figures are shown.
          </Typography>
        )}
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, 1fr)" } }}>
        <Figure title="Current Occupancy" value={`${shown.occupancy} / ${shown.capacity}`} note="people in the room">
          <LinearProgress determinate value={shown.occupancyPercent} aria-label="Occupancy of capacity" sx={{ mt: 1 }} />
        </Figure>
        <Figure title="Average Duration" value={shown.averageDuration} note="per visit today" />
        <Figure title="Peak Utilization" value={shown.peakUtilization} note="of capacity today" />
        <Figure title="Daily Visitors" value={shown.dailyVisitors} note="entries today" />
      </Box>
      <TodaysEvents room={room} since={since} />
    </Box>
  );
}

function Figure({ title, value, note, children }: { title: string; value: string; note: string; children?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ gap: 0.5 }}>
      <Typography level="title-sm" component="h3" textColor="text.secondary">{title}</Typography>
      <Typography level="h3" component="p">{value}</Typography>
      <Typography level="body-xs">{note}</Typography>
      {children}
    </Card>
  );
}

const time = (iso: string) => new Intl.DateTimeFormat("en-US", { timeStyle: "short" }).format(new Date(iso));
const outcome = (value: string) =>
  value === "success" ? { label: "Authorized", color: "success" as const } : { label: "Denied", color: "danger" as const };

function TodaysEvents({ room, since }: { room: Room; since: Date }) {
  const phone = useIsPhone();
  const events = useQuery<SensorEventsPage>({
    queryKey: [sensorEventsUrl(room.id, since)],
    enabled: room.id > 0,
    staleTime: 0,
    refetchInterval: 60_000,
  });
  const items = events.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="todays-events" sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Typography id="todays-events" level="title-md" component="h3">Today's Events</Typography>
      {events.isPending && room.id > 0
        ? <Typography level="body-sm" role="status">Loading events...</Typography>
        : items.length === 0
        ? <EmptyState>No events today.</EmptyState>
        : phone
        ? (
          <CardList
            label="Today's events"
            items={items}
            sx={{ p: 1.25, justifyContent: "space-between" }}
            card={(e) => (
              <>
                <Box sx={{ minWidth: 0 }}>
                  <Typography level="title-sm" noWrap>{e.userName ?? "Unknown"}</Typography>
                  <Typography level="body-xs" noWrap>{time(e.timestamp)} · {e.action} · {e.deviceName ?? "—"}</Typography>
                </Box>
                <EventOutcome outcome={e.outcome} />
              </>
            )}
          />
        )
        : <ListTable label="Today's events" items={items} columns={EVENT_COLUMNS} sx={{ minWidth: 560 }} />}
      {room.id > 0 && (
        <Link component={RouterLink} to={`/dash/room/${room.id}/logs`} level="body-sm" sx={{ alignSelf: "flex-end" }}>
          View the full room log
        </Link>
      )}
    </Box>
  );
}

const EVENT_COLUMNS: ListColumn<SensorEvent>[] = [
  { header: "TIME", cell: (e) => time(e.timestamp) },
  { header: "DEVICE", cell: (e) => e.deviceName ?? "—" },
  { header: "USER", cell: (e) => e.userName ?? "Unknown" },
  { header: "EVENT", cell: (e) => e.action },
  { header: "OUTCOME", cell: (e) => <EventOutcome outcome={e.outcome} /> },
];

function EventOutcome({ outcome: value }: { outcome: string }) {
  const shown = outcome(value);
  return <Chip size="sm" variant="soft" color={shown.color}>{shown.label}</Chip>;
}

function ComingSoon({ room, what }: { room: Room; what: string }) {
  return (
    <EmptyState
      action={room.hasDashboard && (
        <Button component={RouterLink} to={`/dash/room/${room.id}/utilization`} variant="soft">Open Utilization</Button>
      )}
    >
      {what} coming soon.{room.hasDashboard ? " Occupancy history and sessions are on the room's Utilization tab." : ""}
    </EmptyState>
  );
}
