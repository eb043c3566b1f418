// The room's Utilization tab (spec 2 §2, §9). Shown by the room page only when
// the room has a density device; its figures come from the Density space that
// device is configured with. 'Live Data', the four cards (current occupancy,
// Todays Utilization 8am-8pm, Monthly Utilization MTD, Avg Daily Usage per day
// (30d)), a chart of occupancy over the last 30 days and the Recent Activity
// session list. The rules are the pure functions of ./utilization/; the calls
// run, and poll, only while this tab is open.
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons";
import { useQuery } from "@tanstack/react-query";
import { type Device, roomDevicesKey } from "../devices/api";
import { densitySpaceOf, forSpace, useOccupancy } from "./utilization/api";
import { averageDailyUsage, formatOccupancy, monthlyUtilization, TODAY_WINDOW_LABEL, todaysUtilization } from "./utilization/figures";
import { filterByDate, formatDuration, paginate, peopleBadge, type People, type Session, sessionsToShow } from "./utilization/sessions";

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

function Problem({ error, loading }: { error: Error | null; loading: string }) {
  return error
    ? <Typography level="body-sm" color="danger">{error.message}</Typography>
    : <Typography role="status" level="body-sm">{loading}</Typography>;
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

/** The people badges' yellows, lightest for one person, deepest for 3+ (text stays readable on each). */
const BADGE_SHADES: Record<People, { bg: string; color: string }> = {
  1: { bg: "#FEF9C3", color: "#713F12" },
  2: { bg: "#FDE047", color: "#713F12" },
  3: { bg: "#EAB308", color: "#422006" },
};

function PeopleBadge({ people }: { people: People }) {
  const { label, shade } = peopleBadge(people);
  return (
    <Chip size="sm" variant="solid" data-shade={shade} sx={{ bgcolor: BADGE_SHADES[shade].bg, color: BADGE_SHADES[shade].color }}>
      {label}
    </Chip>
  );
}

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true });

function RecentActivity({ sessions, error }: { sessions: Session[] | undefined; error: Error | null }) {
  const [date, setDate] = useState("");
  const [page, setPage] = useState(1);
  const filtered = filterByDate(sessions ?? [], date);
  const shown = paginate(filtered, page);

  let body: ReactNode;
  if (!sessions) body = <Problem error={error} loading="Loading sessions..." />;
  else if (shown.total === 0) {
    body = (
      <Typography level="body-sm" textColor="text.secondary">
        {date ? "No sessions on this date." : "No sessions in the last 30 days."}
      </Typography>
    );
  } else {
    body = (
      <List aria-label="Sessions" sx={{ "--ListItem-paddingX": 0, "--ListDivider-gap": 0 }}>
        {shown.items.map((s) => (
          <ListItem
            key={`${s.start.getTime()}-${s.end.getTime()}`}
            sx={{ display: "flex", justifyContent: "space-between", gap: 1.5, flexWrap: "wrap", py: 1, borderBottom: "1px solid", borderColor: "divider" }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography level="title-sm"><time dateTime={s.start.toISOString()}>{dayFormat.format(s.start)}</time></Typography>
              <Typography level="body-sm" textColor="text.secondary">
                {timeFormat.format(s.start)} – {timeFormat.format(s.end)}
              </Typography>
            </Box>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
              <PeopleBadge people={s.people} />
              <Typography level="body-sm" sx={{ minWidth: 64, textAlign: "right" }}>{formatDuration(s.minutes)}</Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Card component="section" aria-labelledby="recent-activity" sx={{ gap: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: 1.5, flexWrap: "wrap" }}>
        <Typography id="recent-activity" level="title-md" component="h3">Recent Activity</Typography>
        <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1 }}>
          <FormControl size="sm">
            <FormLabel>Filter by date</FormLabel>
            <Input
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setPage(1);
              }}
            />
          </FormControl>
          <Button
            size="sm"
            variant="outlined"
            color="neutral"
            disabled={!date}
            onClick={() => {
              setDate("");
              setPage(1);
            }}
          >
            Clear
          </Button>
        </Box>
      </Box>
      {body}
      {sessions && (
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography level="body-sm" role="status">{shown.rangeText}</Typography>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              startDecorator={<ChevronLeftIcon />}
              disabled={!shown.hasPrevious}
              onClick={() => setPage(shown.page - 1)}
            >
              Previous
            </Button>
            <Typography level="body-sm">{shown.pageText}</Typography>
            <Button
              size="sm"
              variant="outlined"
              color="neutral"
              endDecorator={<ChevronRightIcon />}
              disabled={!shown.hasNext}
              onClick={() => setPage(shown.page + 1)}
            >
              Next
            </Button>
          </Box>
        </Box>
      )}
    </Card>
  );
}
