// The room calls the screens read (spec 2 §7), keyed by their URL so the
// default query function fetches them and the persisted cache keeps them for
// offline use. Changes are in changes.ts.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";

export type Room = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  capacity: number;
  createdAt: string;
  updatedAt: string;
  deviceCount: number;
  /** The room has a density device: the DASHBOARD column and the Utilization tab show. */
  hasDashboard: boolean;
};

/** GET /api/rooms/{id}/sensor-data: live figures with a density device, nulls without. */
export type SensorData = {
  roomId: number;
  capacity: number;
  live: boolean;
  currentOccupancy: number | null;
  averageDuration: number | null;
  peakUtilization: number | null;
  dailyVisitors: number | null;
  since: string;
  asOf: string;
};

export const ROOMS_KEY = ["/api/rooms"] as const;
export const roomKey = (id: number) => [`/api/rooms/${id}`] as const;
export const sensorDataKey = (id: number) => [`/api/rooms/${id}/sensor-data`] as const;

/** A room made offline has a negative id the server does not know yet. */
export const isSavedRoom = (id: number) => id > 0;

export const useRooms = (enabled = true) => useQuery<Room[]>({ queryKey: ROOMS_KEY, enabled });

export function cachedListRoom(cache: QueryClient, id: number): Room | undefined {
  return cache.getQueryData<Room[]>(ROOMS_KEY)?.find((r) => r.id === id);
}

/** The room; while it loads (or was made offline) the list's row stands in. NaN asks nothing. */
export function useRoom(id: number) {
  const cache = useQueryClient();
  return useQuery<Room>({
    queryKey: roomKey(Number.isNaN(id) ? 0 : id),
    enabled: isSavedRoom(id),
    placeholderData: () => (Number.isNaN(id) ? undefined : cachedListRoom(cache, id)),
  });
}

/** The sensor page's figures; read again every minute while the page is open. */
export const useSensorData = (id: number) =>
  useQuery<SensorData>({
    queryKey: sensorDataKey(id),
    enabled: isSavedRoom(id),
    staleTime: 0,
    refetchInterval: 60_000,
  });
