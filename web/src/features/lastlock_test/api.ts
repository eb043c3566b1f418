// The Last Lock calls of spec 2 §7: the status (polled every 30 s while the tab
// is open), the pending approvals, and every change (discover, approve, credential
// create, assign, remove) through the one mutation layer (Idempotency-Key,
// optimistic cache edit, outbox). An answer of 502/504 means Last Lock itself is
// down or answered badly: the screen shows it instead of retrying in the background.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useChange } from "../../api/mutations";
import { type Device, deviceKey, DEVICES_KEY } from "../devices/api";
import { patchCachedDevice } from "../devices/changes";
import type { Handlers } from "../rooms/changes";
import { type CredentialType, STATUS_POLL_MS } from "./lastlock_rules";

export type LastLockStatus = {
  connected: boolean;
  grpcHost: string | null;
  hasApiToken: boolean;
  simulated?: boolean;
  error?: string;
};

/** A lock awaiting approval (spec 2 §3). */
export type PendingLock = {
  id: number;
  name: string;
  lastLockDescription: string | null;
  lastLockDeviceId: number;
  deviceId: string;
  lastLockTimeCreated: string | null;
};

export type DiscoveryResult = { discovered: number; newDevices: number; pending: PendingLock[] };

export const LASTLOCK_STATUS_KEY = ["/api/lastlock/status"] as const;
export const PENDING_LOCKS_KEY = ["/api/lastlock/devices/pending"] as const;
export const lockCredentialsKey = (id: number) => [`/api/lastlock/devices/${id}/credentials`] as const;

/** Only the open tab calls this, so the 30 s polling stops when the tab closes. */
export const useLastLockStatus = () =>
  useQuery<LastLockStatus>({ queryKey: LASTLOCK_STATUS_KEY, staleTime: 0, refetchInterval: STATUS_POLL_MS });

/** For the tab's label too: read once when the Devices page opens, again after each change. */
export const usePendingLocks = () => useQuery<PendingLock[]>({ queryKey: PENDING_LOCKS_KEY, staleTime: 0 });

export function useDiscoverLocks(handlers: Handlers<void, DiscoveryResult> = {}) {
  return useChange<void, DiscoveryResult>({
    request: () => ({ method: "POST", path: "/api/lastlock/devices/discover" }),
    describe: () => "Discover Last Lock devices",
    gatewayFails: true,
    affects: () => [PENDING_LOCKS_KEY, DEVICES_KEY],
  }, handlers);
}

export function useApproveLock(handlers: Handlers<PendingLock, Device> = {}) {
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

// The test page's changes: the assign/remove answers carry the lock's new
// credentialCount, so the lock's cached rows are read again rather than guessed.

/** A change of the test page, with the HTTP status kept for its results list. */
export type Answer = { status: number; body: unknown };
const answer = (body: unknown, status: number): Answer => ({ status, body });

export type NewCredential = {
  userId: number;
  credentialType: CredentialType;
  credentialData: string;
  scheduleData: string;
};

export function useCreateLockCredential() {
  return useChange<NewCredential, Answer>({
    request: ({ userId, ...body }) => ({ method: "POST", path: `/api/lastlock/users/${userId}/credentials`, body }),
    describe: ({ userId, credentialType }) => `Create a ${credentialType} Last Lock credential for user ${userId}`,
    gatewayFails: true,
    answer,
    affects: ({ userId }) => [[`/api/users/${userId}/credentials`]],
  });
}

export type CredentialOnLock = { deviceId: number; credentialId: number };

function refreshLock(deviceId: number) {
  return [lockCredentialsKey(deviceId), deviceKey(deviceId), DEVICES_KEY];
}

export function useAssignLockCredential() {
  return useChange<CredentialOnLock, Answer>({
    request: ({ deviceId, credentialId }) => ({
      method: "POST",
      path: `/api/lastlock/devices/${deviceId}/credentials/${credentialId}`,
    }),
    describe: ({ deviceId, credentialId }) => `Assign credential ${credentialId} to Last Lock device ${deviceId}`,
    gatewayFails: true,
    answer,
    affects: ({ deviceId }) => refreshLock(deviceId),
  });
}

export function useRemoveLockCredential() {
  return useChange<CredentialOnLock, Answer>({
    request: ({ deviceId, credentialId }) => ({
      method: "DELETE",
      path: `/api/lastlock/devices/${deviceId}/credentials/${credentialId}`,
    }),
    describe: ({ deviceId, credentialId }) => `Remove credential ${credentialId} from Last Lock device ${deviceId}`,
    gatewayFails: true,
    answer,
    affects: ({ deviceId }) => refreshLock(deviceId),
  });
}
