// Last Lock discovery (spec 2 §3, §7), which both the Devices page's Last Lock
// tab and the lock test page run: the locks awaiting approval and the discover
// call that finds them.
import type { ChangeHandlers } from "./mutations";
import { type Integration, pendingKey, useDiscovery, usePendingDevices } from "./integrations";

export const LAST_LOCK: Integration = { path: "lastlock", name: "Last Lock" };

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

export const PENDING_LOCKS_KEY = pendingKey(LAST_LOCK);

/** For the tab's label too: read once when the Devices page opens, again after each change. */
export const usePendingLocks = () => usePendingDevices<PendingLock>(LAST_LOCK);

export const useDiscoverLocks = (handlers: ChangeHandlers<void, DiscoveryResult> = {}) =>
  useDiscovery<DiscoveryResult>(LAST_LOCK, handlers);
