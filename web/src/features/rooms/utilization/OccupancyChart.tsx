// Occupancy over the last 30 days (Density's history, hourly): a Recharts area
// chart of the average and the peak count. Loaded lazily by the Utilization tab,
// so Recharts is fetched only when that tab opens.
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { HistoryPoint } from "./api";
import { chartPoints } from "./chart_points";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const AVERAGE = "#0B6BCB"; // Joy primary 500
const PEAK = "#9A5B13"; // Joy warning 600

export default function OccupancyChart({ history, title }: { history: readonly HistoryPoint[]; title: string }) {
  const data = chartPoints(history);
  return (
    <AreaChart
      responsive
      data={data}
      style={{ width: "100%", height: 280 }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      title={title}
      desc="Average and peak number of people in the room per hour over the last 30 days"
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#DDE7EE" />
      <XAxis
        dataKey="time"
        type="number"
        scale="time"
        domain={["dataMin", "dataMax"]}
        tickFormatter={(value: number) => dayFormat.format(value)}
        tick={{ fontSize: 12, fill: "#555E68" }}
        minTickGap={24}
      />
      <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#555E68" }} width={48} />
      <Tooltip
        labelFormatter={(value) => timeFormat.format(Number(value))}
        formatter={(value) => (typeof value === "number" ? value.toFixed(1) : String(value))}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Area type="monotone" dataKey="peak" name="Peak" stroke={PEAK} fill={PEAK} fillOpacity={0.12} isAnimationActive={false} />
      <Area type="monotone" dataKey="average" name="Average" stroke={AVERAGE} fill={AVERAGE} fillOpacity={0.25} isAnimationActive={false} />
    </AreaChart>
  );
}
