// What only the room screens read (spec 2 §7): the sensor page's live figures.
// The rooms themselves, their keys and cache edits are in web/src/api/rooms.ts.
import { useQuery } from "@tanstack/react-query";
import { isSaved } from "../../api/mutations";
import type { SensorFigures } from "../../../../api/rooms/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

/** GET /api/rooms/{id}/sensor-data (api/rooms/contract.ts). */
export type SensorData = Json<SensorFigures>;

const sensorDataKey = (id: number) => [`/api/rooms/${id}/sensor-data`] as const;

/** The sensor page's figures; read again every minute while the page is open. */
export const useSensorData = (id: number) =>
  useQuery<SensorData>({
    queryKey: sensorDataKey(id),
    enabled: isSaved(id),
    staleTime: 0,
    refetchInterval: 60_000,
  });
