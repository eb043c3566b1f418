// The Utilization tab's occupancy calls (spec 2 §7, §9) for the Density space
// configured on the room's density device: the current count every 10 s, today's
// metrics every 60 s, the month's metrics, the 30-day history and sessions every
// 5 minutes. The tab calls these hooks only while it is open, so nothing polls
// elsewhere. Each time window is computed when the call goes out (not when the
// query was first made), under one stable key per call, so the persisted cache
// keeps the latest answer for offline use. A failed call reads
// 'HTTP error! status: {code}' (spec 2 §8).
import { useQuery } from "@tanstack/react-query";
import { ApiError, httpErrorText } from "../../../api/api_error";
import { call } from "../../../api/client";
import { withQuery } from "../../../api/query_url";
import type { RawSession } from "./sessions";
import { POLL, utilizationQueries } from "./queries";

export type DensityCount = { count: number; timestamp?: string };
export type DensityMetrics = Record<string, { time_used_raw: number; time_used_percentage?: number }>;
export type HistoryPoint = { timestamp: string; occupancy_avg: number; occupancy_max: number };
export type DensityHistory = Record<string, HistoryPoint[]>;
export type DensitySessions = Record<string, RawSession[]>;

/** GETs a Density proxy path; a non-OK answer throws 'HTTP error! status: {code}' (spec 2 §8). */
export async function densityGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await call<T>("GET", path, { signal });
  } catch (error) {
    throw error instanceof ApiError ? new Error(httpErrorText(error.status)) : error;
  }
}

const spacePath = (spaceId: string) => `/api/density/spaces/${encodeURIComponent(spaceId)}`;

export const densityKeys = {
  count: (spaceId: string) => [`${spacePath(spaceId)}/count`] as const,
  todayMetrics: (spaceId: string) => [`${spacePath(spaceId)}/metrics`, "today"] as const,
  monthMetrics: (spaceId: string) => [`${spacePath(spaceId)}/metrics`, "mtd"] as const,
  history: (spaceId: string) => [`${spacePath(spaceId)}/history`, "30d"] as const,
  sessions: (spaceId: string) => [`${spacePath(spaceId)}/sessions`, "30d"] as const,
};

/** The live figures are read again whenever the tab opens; the cache shows the last ones meanwhile. */
const live = { staleTime: 0, refetchIntervalInBackground: false } as const;

export function useOccupancy(spaceId: string | null) {
  const enabled = spaceId !== null;
  const id = spaceId ?? "";
  const count = useQuery<DensityCount>({
    queryKey: densityKeys.count(id),
    queryFn: ({ signal }) => densityGet(`${spacePath(id)}/count`, signal),
    enabled,
    refetchInterval: POLL.countMs,
    ...live,
  });
  const todayMetrics = useQuery<DensityMetrics>({
    queryKey: densityKeys.todayMetrics(id),
    queryFn: ({ signal }) =>
      densityGet(withQuery(`${spacePath(id)}/metrics`, utilizationQueries(new Date()).todayMetrics), signal),
    enabled,
    refetchInterval: POLL.todayMetricsMs,
    ...live,
  });
  const monthMetrics = useQuery<DensityMetrics>({
    queryKey: densityKeys.monthMetrics(id),
    queryFn: ({ signal }) =>
      densityGet(withQuery(`${spacePath(id)}/metrics`, utilizationQueries(new Date()).monthMetrics), signal),
    enabled,
    refetchInterval: POLL.monthMetricsMs,
    ...live,
  });
  const history = useQuery<DensityHistory>({
    queryKey: densityKeys.history(id),
    queryFn: ({ signal }) =>
      densityGet(withQuery(`${spacePath(id)}/history`, utilizationQueries(new Date()).history), signal),
    enabled,
    refetchInterval: POLL.historyMs,
    ...live,
  });
  const sessions = useQuery<DensitySessions>({
    queryKey: densityKeys.sessions(id),
    queryFn: ({ signal }) =>
      densityGet(withQuery(`${spacePath(id)}/sessions`, utilizationQueries(new Date()).sessions), signal),
    enabled,
    refetchInterval: POLL.sessionsMs,
    ...live,
  });
  return { count, todayMetrics, monthMetrics, history, sessions };
}

/** The space the tab shows: that of the room's density device, an active configured one first. */
export function densitySpaceOf(
  devices: readonly { type: string; isActive: boolean; densitySpaceId: string | null }[],
): string | null {
  const configured = devices.filter((d) => d.type === "density" && d.densitySpaceId);
  return (configured.find((d) => d.isActive) ?? configured[0])?.densitySpaceId ?? null;
}

/** The space's entry of an answer keyed by space id (Density's shape). */
export function forSpace<T>(answer: Record<string, T> | undefined, spaceId: string): T | undefined {
  return answer?.[spaceId];
}
