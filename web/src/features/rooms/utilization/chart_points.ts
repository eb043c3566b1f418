// Density's history answer as the occupancy chart plots it.
import type { HistoryPoint } from "./api";

export type ChartPoint = { time: number; average: number; peak: number };

/** History points oldest first, as numbers; unreadable ones are skipped. */
export function chartPoints(history: readonly HistoryPoint[] | null | undefined): ChartPoint[] {
  return (history ?? [])
    .map((p) => ({ time: Date.parse(p.timestamp), average: Number(p.occupancy_avg), peak: Number(p.occupancy_max) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.average) && Number.isFinite(p.peak))
    .sort((a, b) => a.time - b.time);
}
