// The lock test page's commands (spec 2 §3, §7): create a credential for a
// user, assign it to a lock, take it off again, each through the one mutation
// layer (Idempotency-Key, outbox). The assign/remove answers carry the lock's
// new credentialCount, so the lock's cached rows are read again rather than
// guessed. An answer of 502/504 means Last Lock itself is down or answered
// badly: the page shows it instead of retrying in the background.
import { deviceKey, DEVICES_KEY } from "../../api/devices";
import { useChange } from "../../api/mutations";
import type { CredentialType } from "./test_page_rules";

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

const lockCredentialsKey = (id: number) => [`/api/lastlock/devices/${id}/credentials`] as const;

function refreshLock(deviceId: number) {
  return [lockCredentialsKey(deviceId), deviceKey(deviceId), DEVICES_KEY];
}

/** Puts a credential on a lock (assign: POST) or takes it off (remove: DELETE). */
export function useLockCredential(kind: "assign" | "remove") {
  return useChange<CredentialOnLock, Answer>({
    request: ({ deviceId, credentialId }) => ({
      method: kind === "assign" ? "POST" : "DELETE",
      path: `/api/lastlock/devices/${deviceId}/credentials/${credentialId}`,
    }),
    describe: ({ deviceId, credentialId }) =>
      kind === "assign"
        ? `Assign credential ${credentialId} to Last Lock device ${deviceId}`
        : `Remove credential ${credentialId} from Last Lock device ${deviceId}`,
    gatewayFails: true,
    answer,
    affects: ({ deviceId }) => refreshLock(deviceId),
  });
}
