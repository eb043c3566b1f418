// What only the room screens read (spec 2 §7): the sensor page's live figures.
// The rooms themselves, their keys and cache edits are in web/src/api/rooms.ts.
import { useQuery } from "@tanstack/react-query";
import { isSaved } from "../../api/mutations";

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

const sensorDataKey = (id: number) => [`/api/rooms/${id}/sensor-data`] as const;

/** The sensor page's figures; read again every minute while the page is open. */
export const useSensorData = (id: number) =>
  useQuery<SensorData>({
    queryKey: sensorDataKey(id),
    enabled: isSaved(id),
    staleTime: 0,
    refetchInterval: 60_000,
  });
