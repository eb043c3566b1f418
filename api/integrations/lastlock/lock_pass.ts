// One pass over one lock (lock_sync.ts claims it): what Last Lock says the lock holds,
// against what Threshold's rules say it should hold. On a lock an approved, active
// device here, whose room (if any) is active, belongs every credential assigned to it
// here whose credential and owner are active; everything else Threshold put there
// comes off, and so does what Threshold never put on a lock it manages (docs/api.md,
// "Keeping the locks to Threshold's rules"). Off first: a revocation does not wait
// behind the assignments.
import type { Queries } from "../../db/connect.ts";
import type { Logger } from "../../http/logger.ts";
import { SYSTEM, writeEvent } from "../../audit/record.ts";
import { type LastLockClient, type LastLockDeviceCredential, LastLockError } from "./client.ts";
import { credentialsByProviderId, findCredential } from "./repo.ts";
import { registerCredential, UnregistrableCredential } from "./registration.ts";
import {
  assignmentsOn,
  type ClaimedLock,
  type LockAssignment,
  type LockDevice,
  lockDevice,
  queuedRemovals,
} from "./lock_sync_repo.ts";

export type PassContext = {
  sql: Queries;
  client: LastLockClient;
  log: Logger;
  /** performance.now() past which the pass starts no more calls (its lease must not run out). */
  deadline: number;
};

/** An approved Last Lock device: Threshold's to manage, whatever else is on the lock. */
const manages = (device: LockDevice | undefined): device is LockDevice =>
  device !== undefined && device.type === "lastlock" && !device.isPending;

/** Why the rules keep an assigned credential off its lock; null when it belongs on it. */
export function keptOffBecause(device: LockDevice, assignment: LockAssignment): string | null {
  if (device.type !== "lastlock") return "device is no longer a Last Lock device";
  if (device.isPending) return "device awaits approval";
  if (!device.isActive) return "device deactivated";
  if (device.roomIsActive === false) return "room deactivated";
  if (!assignment.userIsActive) return "user deactivated";
  if (!assignment.credentialIsActive) return "credential deactivated";
  return null;
}

/** Makes the lock hold what it should: true when done, false when the pass's time ran out first. */
export async function passOverLock(context: PassContext, claimed: ClaimedLock): Promise<boolean> {
  const { sql, client, log } = context;
  const lock = claimed.lastLockDeviceId;
  let held: LastLockDeviceCredential[];
  try {
    held = await client.listDeviceCredentials(lock);
  } catch (error) {
    if (
      !(error instanceof LastLockError && error.kind === "notFound" && error.missing === "device")
    ) {
      throw error;
    }
    log.warn("Last Lock does not know this lock: nothing is on it to keep or take off", { lock });
    return true;
  }
  // Threshold's side is read after the lock's. The test page assigns on Last Lock first
  // and records it here after, so only an assignment between those two steps right now
  // is on the lock and not yet here: taken off, its record queues a pass that puts it back.
  const device = await lockDevice(sql, lock);
  const assignments = device ? await assignmentsOn(sql, device.id) : [];
  const queued = new Map(
    (await queuedRemovals(sql, claimed)).map((row) => [row.providerCredentialId, row.reason]),
  );
  const assigned = new Map(assignments.map((a) => [a.providerCredentialId, a]));
  const wanted = device ? assignments.filter((a) => keptOffBecause(device, a) === null) : [];
  const wantedIds = new Set(wanted.map((a) => a.providerCredentialId));
  const strays = held.filter((entry) => !wantedIds.has(entry.credentialId));
  const known = new Map(
    (await credentialsByProviderId(sql, strays.map((entry) => entry.credentialId)))
      .map((row) => [row.providerCredentialId, row]),
  );
  const where = { lock, deviceId: device?.id ?? null, device: device?.name ?? null };

  for (const entry of strays) {
    if (performance.now() > context.deadline) return false;
    const assignment = assigned.get(entry.credentialId);
    const local = known.get(entry.credentialId);
    const reason = assignment
      ? keptOffBecause(device!, assignment)
      : queued.get(entry.credentialId) ?? (local ? "not assigned to this lock" : null);
    const credential = { credential: entry.credentialId, credentialType: entry.credentialType };
    if (reason !== null) {
      await takeOff(client, lock, entry.credentialId);
      log.info("Last Lock: credential taken off a lock", {
        ...where,
        ...credential,
        credentialId: assignment?.credentialId ?? local?.id ?? null,
        userId: assignment?.userId ?? local?.userId ?? null,
        user: assignment?.userName ?? local?.userName ?? null,
        reason,
      });
      continue;
    }
    const unknown = {
      ...where,
      ...credential,
      lastLockUserId: entry.userId,
      assignedAt: entry.assignedAt,
    };
    if (!manages(device)) {
      log.info(
        "Last Lock: a credential Threshold never assigned is left on a lock it does not manage",
        unknown,
      );
      continue;
    }
    await takeOff(client, lock, entry.credentialId);
    // Threshold acted on its own here, no admin's change behind it: the trail says so
    // (after the log line, which stands even if this write fails).
    log.warn(
      "Last Lock: a credential Threshold never assigned was taken off a lock it manages",
      unknown,
    );
    await writeEvent(
      sql,
      {
        action: "device.credential.remove",
        target: { type: "device", id: device.id, name: device.name },
        changes: {
          credential: [{ id: null, name: `${entry.credentialType} ${entry.credentialId}` }, null],
          lastLockUserId: [entry.userId, null],
        },
      },
      SYSTEM,
      { ip: null, userAgent: null, requestId: null },
    );
  }

  const onLock = new Set(held.map((entry) => entry.credentialId));
  for (const assignment of wanted) {
    const id = assignment.providerCredentialId;
    if (id !== null && onLock.has(id)) continue;
    if (performance.now() > context.deadline) return false;
    const placed = await putOn(context, lock, assignment);
    if (placed === null) continue;
    log.info("Last Lock: credential put on a lock", {
      ...where,
      credential: placed,
      credentialType: assignment.credentialType,
      credentialId: assignment.credentialId,
      userId: assignment.userId,
      user: assignment.userName,
    });
  }
  return true;
}

/** Takes the credential off the lock; not on it (any more) is what taking off wants. */
async function takeOff(client: LastLockClient, lock: number, providerId: string) {
  try {
    await client.removeCredential(lock, providerId);
  } catch (error) {
    if (!(error instanceof LastLockError && error.kind === "notFound")) throw error;
  }
}

/**
 * Assigns the credential on the lock, registering it first when Last Lock has no id
 * for it (or forgot it); answers its Last Lock id, or null when Last Lock cannot take
 * it (logged: an admin must fix the credential, and the lock's other work goes on).
 */
async function putOn(
  { sql, client, log }: PassContext,
  lock: number,
  assignment: LockAssignment,
): Promise<string | null> {
  const register = async (replacing: string | null) => {
    const credential = await findCredential(sql, assignment.credentialId);
    // Deleted meanwhile: its delete queued what to take off.
    if (!credential) return null;
    try {
      return await registerCredential(sql, client, credential, replacing);
    } catch (error) {
      const refused = error instanceof UnregistrableCredential ||
        (error instanceof LastLockError && error.kind === "invalid");
      if (!refused) throw error;
      log.warn("Last Lock: a credential cannot be put on a lock: Last Lock cannot take it", {
        lock,
        credentialId: assignment.credentialId,
        userId: assignment.userId,
        error: error.message,
      });
      return null;
    }
  };
  let providerId = assignment.providerCredentialId ?? await register(null);
  if (providerId === null) return null;
  try {
    await client.assignCredential(lock, providerId);
  } catch (error) {
    if (!(error instanceof LastLockError)) throw error;
    if (error.kind === "notFound" && error.missing === "credential") {
      // Last Lock forgot it (a restarted service): registered again, once.
      providerId = await register(providerId);
      if (providerId === null) return null;
    } else if (error.kind === "precondition") {
      // Last Lock lists the lock as awaiting approval (a reset account): Threshold's
      // approval stands, as at discovery.
      await client.approveDevice(lock);
    } else {
      throw error;
    }
    await client.assignCredential(lock, providerId);
  }
  return providerId;
}
