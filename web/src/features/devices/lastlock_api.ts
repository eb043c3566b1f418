// The Last Lock tab's own calls (spec 2 §7): the status, polled every 30 s
// while the tab is open, and approving a lock that discovery found (discovery
// itself is in web/src/api/lastlock.ts, which the lock test page runs too).
import { useQueryClient } from "@tanstack/react-query";
import { type Device, deviceKey, DEVICES_KEY, patchCachedDevice } from "../../api/devices";
import { useIntegrationStatus } from "../../api/integrations";
import { LAST_LOCK, PENDING_LOCKS_KEY, type PendingLock } from "../../api/lastlock";
import { type ChangeHandlers, useChange } from "../../api/mutations";

export type LastLockStatus = {
  connected: boolean;
  grpcHost: string | null;
  hasApiToken: boolean;
  simulated?: boolean;
  error?: string;
};

export const useLastLockStatus = () => useIntegrationStatus<LastLockStatus>(LAST_LOCK);

export function useApproveLock(handlers: ChangeHandlers<PendingLock, Device> = {}) {
  const cache = useQueryClient();
  return useChange<PendingLock, Device>({
    request: (lock) => ({ method: "POST", path: `/api/lastlock/devices/${lock.id}/approve` }),
    describe: (lock) => `Approve Last Lock device ${lock.name}`,
    gatewayFails: true,
    optimistic: (cache, lock) => {
      cache.setQueryData<PendingLock[]>(PENDING_LOCKS_KEY, (list) => list?.filter((l) => l.id !== lock.id));
      patchCachedDevice(cache, lock.id, (d) => ({ ...d, isPending: false }));
    },
    affects: (lock) => [PENDING_LOCKS_KEY, DEVICES_KEY, deviceKey(lock.id)],
  }, {
    ...handlers,
    // Refused (approved or deleted meanwhile): the list on screen is stale, read it again.
    onError: (error, lock) => {
      void cache.invalidateQueries({ queryKey: PENDING_LOCKS_KEY });
      handlers.onError?.(error, lock);
    },
  });
}
