// The room's Utilization tab (spec 2 §2, §9). Shown by the room page only when
// the room has a density device; its figures come from the Density space that
// device is configured with. 'Live Data', the four cards (current occupancy,
// Todays Utilization 8am-8pm, Monthly Utilization MTD, Avg Daily Usage per day
// (30d)), a chart of occupancy over the last 30 days and the Recent Activity
// session list. The rules are the pure functions of ./utilization/; the calls
// run, and poll, only while this tab is open.
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { useQuery } from "@tanstack/react-query";
import { type Device, roomDevicesKey } from "../../api/devices";
import { densitySpaceOf, forSpace, useOccupancy } from "./utilization/api";
import { averageDailyUsage, formatOccupancy, monthlyUtilization, TODAY_WINDOW_LABEL, todaysUtilization } from "./utilization/figures";
import { Problem } from "./utilization/ReadProblem";
import { RecentActivity } from "./utilization/RecentActivity";
import { sessionsToShow } from "./utilization/sessions";

export type UtilizationRoom = { id: number; name: string; capacity: number };

// Recharts is heavy: it loads with the chart, after the cards.
const OccupancyChart = lazy(() => import("./utilization/OccupancyChart"));

/** How often the clock the figures are computed against moves on. */
const CLOCK_MS = 10_000;

export default function UtilizationTab({ room }: { room: UtilizationRoom }) {
  // Which space the room's density device measures can change on the device page:
  // read the room's devices again whenever the tab opens.
  const devices = useQuery<Device[]>({ queryKey: roomDevicesKey(room.id), enabled: room.id > 0, staleTime: 0 });
  if (!devices.data) {
    return (
      <Typography role="status">
        {devices.isError ? "Failed to fetch devices" : "Loading utilization..."}
      </Typography>
    );
  }
  const spaceId = densitySpaceOf(devices.data);
  if (!spaceId) {
    const device = devices.data.find((d) => d.type === "density");
    return (
      <Card variant="soft" color="warning">
        <Typography level="title-md" component="h2">No Density space configured</Typography>
        <Typography level="body-sm">
          Choose the Density space this room's occupancy sensor measures on its device page
          {device && (
            <>
              {": "}
              <Link component={RouterLink} to={`/dash/device/${device.id}`}>{device.name}</Link>
            </>
          )}.
        </Typography>
      </Card>
    );
  }
  return <Utilization room={room} spaceId={spaceId} />;
}

function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Utilization({ room, spaceId }: { room: UtilizationRoom; spaceId: string }) {
  const now = useNow();
  const q = useOccupancy(spaceId);
  const monthUsedRaw = forSpace(q.monthMetrics.data, spaceId)?.time_used_raw;
  const raw = forSpace(q.sessions.data, spaceId);
  const shown = raw ? sessionsToShow(raw, monthUsedRaw, now) : undefined;
  const today = shown ? todaysUtilization(shown, now) : undefined;
  const month = q.monthMetrics.data ? monthlyUtilization(monthUsedRaw ?? 0, now) : undefined;
  const average = shown ? averageDailyUsage(shown, now) : undefined;
  const history = forSpace(q.history.data, spaceId);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography level="title-lg" component="h2">Room Utilization</Typography>
        <Chip
          variant="soft"
          color="success"
          startDecorator={<Box component="span" sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: "success.500" }} />}
        >
          Live Data
        </Chip>
      </Box>

      <Box
        component="ul"
        aria-label="Utilization figures"
        sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" } }}
      >
        <FigureCard
          title="Current Occupancy"
          value={q.count.data ? formatOccupancy(q.count.data.count) : undefined}
          note="measures up to 3+"
          error={q.count.error}
        />
        <FigureCard
          title="Todays Utilization"
          value={today ? `${today.text}%` : undefined}
          note={TODAY_WINDOW_LABEL}
          error={q.sessions.error}
        />
        <FigureCard
          title="Monthly Utilization"
          value={month ? `${month.text}%` : undefined}
          note="MTD"
          error={q.monthMetrics.error}
        />
        <FigureCard
          title="Avg Daily Usage"
          value={average?.text}
          note={average?.label ?? "per day (30d)"}
          error={q.sessions.error}
        />
      </Box>

      <Card component="section" aria-labelledby="occupancy-chart" sx={{ gap: 1 }}>
        <Typography id="occupancy-chart" level="title-md" component="h3">Occupancy Over Time</Typography>
        <Typography level="body-sm" textColor="text.secondary">Average and peak people per hour, last 30 days</Typography>
        {history
          ? (
            <Box data-testid="occupancy-chart" sx={{ minHeight: 280 }}>
              <Suspense fallback={<Typography role="status" level="body-sm">Loading chart...</Typography>}>
                <OccupancyChart history={history} title={`Occupancy of ${room.name} over time`} />
              </Suspense>
            </Box>
          )
          : <Problem error={q.history.error} loading="Loading occupancy history..." />}
      </Card>

      <RecentActivity sessions={shown} error={q.sessions.error} />
    </Box>
  );
}

function FigureCard({ title, value, note, error }: { title: string; value: string | undefined; note: string; error: Error | null }) {
  const id = useId();
  return (
    <Card component="li" aria-labelledby={id} sx={{ gap: 0.5 }}>
      <Typography id={id} level="title-sm" textColor="text.secondary">{title}</Typography>
      {value !== undefined
        ? <Typography level="h2" component="p" fontSize="xl3">{value}</Typography>
        : error
        ? <Typography level="body-sm" color="danger">{error.message}</Typography>
        : <Typography level="h2" component="p" fontSize="xl3" textColor="text.tertiary" aria-label="Loading">-</Typography>}
      <Typography level="body-xs" textColor="text.secondary">{note}</Typography>
    </Card>
  );
}
