// What the Devices page's integration tabs (Last Lock, UniFi) read and run
// alike: the integration's status, read when the tab opens and every 30 s
// while it stays open (spec 2 §9; only the open tab calls it, so the polling
// stops when the tab closes), the devices its discovery found that wait for
// an admin, and discovery itself, through the one mutation layer. An answer of
// 502/504 means the service itself is down or answered badly: the screen shows
// it instead of retrying in the background.
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { DEVICES_KEY } from "./devices";
import { type ChangeHandlers, useChange } from "./mutations";

export const STATUS_POLL_MS = 30_000;

export type Integration = { path: "lastlock" | "unifi"; name: string };

export const useIntegrationStatus = <T>({ path }: Integration) =>
  useQuery<T>({ queryKey: [`/api/${path}/status`], staleTime: 0, refetchInterval: STATUS_POLL_MS });

/** GET /api/<integration>/devices/pending: what discovery found. */
export const pendingKey = ({ path }: Integration): QueryKey => [`/api/${path}/devices/pending`];

/** Read when the tab (or its label) shows, and again after each change. */
export const usePendingDevices = <T>(integration: Integration) =>
  useQuery<T[]>({ queryKey: pendingKey(integration), staleTime: 0 });

export function useDiscovery<TResult>(integration: Integration, handlers: ChangeHandlers<void, TResult> = {}) {
  return useChange<void, TResult>({
    request: () => ({ method: "POST", path: `/api/${integration.path}/devices/discover` }),
    describe: () => `Discover ${integration.name} devices`,
    gatewayFails: true,
    affects: () => [pendingKey(integration), DEVICES_KEY],
  }, handlers);
}
