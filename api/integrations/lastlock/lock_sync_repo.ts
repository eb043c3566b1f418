// SQL of the lock sync (lock_sync.ts): which locks are due a pass and who has each,
// what the rules say a lock should hold, and what its queued rows ask to take off
// (migration 038). A lock is named by its Last Lock number throughout: a deleted
// device's lock still has things to take off.
import type { Queries } from "../../db/connect.ts";
import { transaction } from "../../http/transaction.ts";

/** A lock this process holds for one pass, and the queued rows the pass answers for. */
export type ClaimedLock = {
  lastLockDeviceId: number;
  lease: string;
  /** Passes failed in a row before this one. */
  failures: number;
  /**
   * The ids (bigint as text) of the rows queued when it was claimed. Ids, not the
   * newest: a row written earlier by a transaction still open then commits later, with
   * a smaller id, and is answered by the next pass.
   */
  queued: string[];
};

/** The device of a lock here, as the rules read it. */
export type LockDevice = {
  id: number;
  name: string;
  type: string;
  isPending: boolean;
  isActive: boolean;
  /** Its room's state; null when it has no room. */
  roomIsActive: boolean | null;
};

/** A credential assigned to the lock here, with what the rules ask of it. */
export type LockAssignment = {
  credentialId: number;
  providerCredentialId: string | null;
  credentialType: string;
  credentialIsActive: boolean;
  userId: number;
  userName: string;
  userIsActive: boolean;
};

/** Gives every lock Threshold looks after its row: approved Last Lock devices, locks with queued rows. */
export async function enrolLocks(sql: Queries) {
  await sql`
    insert into lastlock_lock_syncs (last_lock_device_id)
    select last_lock_device_id from devices
    where type = 'lastlock' and last_lock_device_id is not null and not is_pending
    union
    select last_lock_device_id from lastlock_sync_queue
    on conflict do nothing`;
}

/**
 * Claims up to `limit` locks due a pass (one statement, FOR UPDATE SKIP LOCKED) and
 * leases them until `leasedUntil`: due when its next pass has come, or when rows are
 * queued and it is not backing off; never while another pass holds it. Locks with
 * queued rows go first: a revocation does not wait behind the periodic looks.
 */
export function claimLocks(
  sql: Queries,
  { now, leasedUntil, limit }: { now: Date; leasedUntil: Date; limit: number },
): Promise<ClaimedLock[]> {
  const queued = () =>
    sql`exists (select 1 from lastlock_sync_queue q
      where q.last_lock_device_id = s.last_lock_device_id)`;
  return sql<ClaimedLock[]>`
    with due as (
      select s.last_lock_device_id from lastlock_lock_syncs s
      where (s.leased_until is null or s.leased_until <= ${now})
        and (s.next_pass_at <= ${now} or (s.failures = 0 and ${queued()}))
      order by ${queued()} desc, s.next_pass_at
      limit ${limit}
      for update of s skip locked
    )
    update lastlock_lock_syncs s set lease = ${crypto.randomUUID()}, leased_until = ${leasedUntil}
    from due where s.last_lock_device_id = due.last_lock_device_id
    returning s.last_lock_device_id, s.lease, s.failures,
      array(select q.id::text from lastlock_sync_queue q
        where q.last_lock_device_id = s.last_lock_device_id) as queued`;
}

/** The lock's device here, if it has one. */
export async function lockDevice(
  sql: Queries,
  lastLockDeviceId: number,
): Promise<LockDevice | undefined> {
  const [row] = await sql<LockDevice[]>`
    select d.id, d.name, d.type, d.is_pending, d.is_active, r.is_active as room_is_active
    from devices d left join rooms r on r.id = d.room_id
    where d.last_lock_device_id = ${lastLockDeviceId}`;
  return row;
}

export function assignmentsOn(sql: Queries, deviceId: number) {
  return sql<LockAssignment[]>`
    select c.id as credential_id, c.provider_credential_id, c.credential_type,
      c.is_active as credential_is_active, u.id as user_id,
      trim(u.first_name || ' ' || u.last_name) as user_name, u.is_active as user_is_active
    from device_credentials dc
      join lastlock_credentials c on c.id = dc.credential_id
      join users u on u.id = c.user_id
    where dc.device_id = ${deviceId}
    order by dc.id`;
}

/** The Last Lock ids queued to come off the lock (their rows gone), and why. */
export function queuedRemovals(sql: Queries, claimed: ClaimedLock) {
  return sql<{ providerCredentialId: string; reason: string }[]>`
    select distinct on (provider_credential_id) provider_credential_id, reason
    from lastlock_sync_queue
    where id = any(${claimed.queued}::bigint[]) and provider_credential_id is not null
    order by provider_credential_id, id`;
}

/**
 * A pass that did all it had to: the queued rows it answered for go, the next pass is
 * the periodic one; a lock no longer looked after (no approved device, nothing queued)
 * loses its row. Only while the lease is still this pass's.
 */
export async function finishPass(sql: Queries, claimed: ClaimedLock, nextPassAt: Date) {
  await transaction(sql, async (tx) => {
    await tx`delete from lastlock_sync_queue where id = any(${claimed.queued}::bigint[])`;
    await tx`update lastlock_lock_syncs set lease = null, leased_until = null, failures = 0,
        last_error = null, next_pass_at = ${nextPassAt}, last_pass_at = now()
      where last_lock_device_id = ${claimed.lastLockDeviceId} and lease = ${claimed.lease}`;
    await tx`delete from lastlock_lock_syncs s
      where s.last_lock_device_id = ${claimed.lastLockDeviceId} and s.lease is null
        and not exists (select 1 from devices d where d.last_lock_device_id = s.last_lock_device_id
          and d.type = 'lastlock' and not d.is_pending)
        and not exists (select 1 from lastlock_sync_queue q
          where q.last_lock_device_id = s.last_lock_device_id)`;
  });
}

/**
 * A pass that failed (`error`), or stopped early with its time up (null): the queue
 * stays, the next pass at `nextPassAt`.
 */
export async function releasePass(
  sql: Queries,
  claimed: ClaimedLock,
  { nextPassAt, error }: { nextPassAt: Date; error: string | null },
) {
  await sql`update lastlock_lock_syncs set lease = null, leased_until = null,
      failures = ${error === null ? sql`0` : sql`failures + 1`}, last_error = ${error},
      next_pass_at = ${nextPassAt}
    where last_lock_device_id = ${claimed.lastLockDeviceId} and lease = ${claimed.lease}`;
}
