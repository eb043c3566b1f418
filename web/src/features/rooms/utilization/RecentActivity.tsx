// The Utilization tab's Recent Activity (spec 2 §2, §9): the room's sessions,
// newest first, filtered by a date, a page at a time, each with its people
// badge (one, two, 3+ people in shades of yellow), its times and its length.
import { type ReactNode, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../ui/icons";
import { Problem } from "./ReadProblem";
import { filterByDate, formatDuration, paginate, peopleBadge, type People, type Session } from "./sessions";

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

export function RecentActivity({ sessions, error }: { sessions: Session[] | undefined; error: Error | null }) {
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
            <PageButton label="Previous" disabled={!shown.hasPrevious} onClick={() => setPage(shown.page - 1)} />
            <Typography level="body-sm">{shown.pageText}</Typography>
            <PageButton label="Next" disabled={!shown.hasNext} onClick={() => setPage(shown.page + 1)} />
          </Box>
        </Box>
      )}
    </Card>
  );
}

/** Previous or Next page: the chevron points the way it goes. */
function PageButton({ label, disabled, onClick }: { label: "Previous" | "Next"; disabled: boolean; onClick: () => void }) {
  const previous = label === "Previous";
  return (
    <Button
      size="sm"
      variant="outlined"
      color="neutral"
      startDecorator={previous ? <ChevronLeftIcon /> : undefined}
      endDecorator={previous ? undefined : <ChevronRightIcon />}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
