// The access decision: may this credential open this device's door? One SQL
// statement reads every fact, applies the rules in order, writes the access-log
// row and answers. Rules, first failing first:
//   device active → device in a room → room active → credential known →
//   credential active → its user active → the user in an active group holding the room.
//
// Decisions arriving together are decided together: while earlier statements are at
// the database, new requests wait in a queue and go as one statement when a slot
// frees (no timer: a lone request goes at once). Under load that spreads a round
// trip, a statement and a commit over many doors, which is most of what a decision
// costs; each decision is still its own rule evaluation and its own log row.
import type { Queries } from "../db/connect.ts";
import { type CredentialInput, type Reason, REASONS } from "./schemas.ts";
import { CREDENTIAL_COLUMNS, credentialColumns, ownerOf } from "./credential_owner.ts";

export type Decision = {
  decision: "granted" | "denied";
  reason: Reason;
  message: string;
  userId: number | null;
  userName: string | null;
  logId: number;
};

export type DecisionRequest = { keyHash: string; credential: CredentialInput; action: string };

/** Statements in flight per database before requests queue up to go together. */
const IN_FLIGHT = 4;
/** The most decisions in one statement. */
const BATCH = 64;

const CODES = Object.keys(REASONS) as Reason[];

/**
 * Decides for each request and logs it, in one statement; undefined for a request
 * whose key no device holds.
 *
 * The statement commits without waiting for its WAL flush (synchronous_commit off for
 * its own transaction only): a door must not wait on a disk, where a flush takes
 * milliseconds and, on a busy disk, tens of them. The rows are committed and visible
 * at once and reach the disk within PostgreSQL's wal_writer_delay (200 ms); only a
 * crash of the database server itself in that window can lose the newest decisions'
 * log rows, whole, never in part. Offline events stay fully synchronous: their
 * controller deletes its copy once the upload is acknowledged.
 */
export async function decideAll(
  sql: Queries,
  requests: DecisionRequest[],
): Promise<(Decision | undefined)[]> {
  const rows = requests.map((r, n) => ({
    n,
    key_hash: r.keyHash,
    action: r.action,
    ...credentialColumns(r.credential),
  }));
  const decided = await sql<
    { n: number; reason: Reason; userId: number | null; userName: string | null; logId: string }[]
  >`
    with e as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
        as e(n int, key_hash text, action text, ${sql.unsafe(CREDENTIAL_COLUMNS)})
    ),
    facts as (
      select e.n, e.action, e.credential_type, d.id as device_id, d.name as device_name,
             d.is_active, d.room_id, d.room_name, d.room_active,
             o.user_id, o.credential_active, u.is_active as user_active,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as user_name
      from e
      -- Probed by its key's index for each request (the limit keeps the planner from a
      -- hash join over every device, its choice for a batch of unknown size).
      join lateral (
        select d.id, d.name, d.is_active, d.room_id, r.name as room_name,
               r.is_active as room_active
        from devices d left join rooms r on r.id = d.room_id
        where d.api_key_hash = e.key_hash limit 1
      ) d on true
      left join ${ownerOf(sql)} o on true
      left join users u on u.id = o.user_id
    ),
    verdict as (
      select f.*, case
        when not f.is_active then 'device_inactive'
        when f.room_id is null then 'device_unassigned'
        when not f.room_active then 'room_inactive'
        when f.user_id is null then 'unknown_credential'
        when not f.credential_active then 'credential_inactive'
        when not f.user_active then 'user_inactive'
        when not exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id and g.is_active
          join group_rooms gr on gr.group_id = ug.group_id and gr.room_id = f.room_id
          where ug.user_id = f.user_id
        ) then 'no_group_access'
        else 'granted' end as reason,
        -- The log row's id, drawn here so each answer can name its own row.
        nextval(pg_get_serial_sequence('access_logs', 'id')) as log_id
      from facts f
      order by f.n
    ),
    logged as (
      insert into access_logs (id, user_id, user_name, device_id, device_name, room_id,
                               room_name, credential_type, action, outcome, reason)
      overriding system value
      select v.log_id, v.user_id, v.user_name, v.device_id, v.device_name, v.room_id,
             v.room_name, v.credential_type, v.action,
             case when v.reason = 'granted' then 'success' else 'denied' end,
             case when v.reason = 'granted' then null else m.message end
      from verdict v
      left join unnest(${CODES}::text[], ${CODES.map((c) => REASONS[c])}::text[])
        as m(code, message) on m.code = v.reason
    ),
    -- Answer without waiting for the WAL flush (this statement's transaction only).
    async_commit as (select set_config('synchronous_commit', 'off', true))
    select v.n, v.reason, v.user_id, v.user_name, v.log_id
    from verdict v, async_commit`;
  const answers: (Decision | undefined)[] = new Array(requests.length);
  for (const row of decided) {
    answers[row.n] = {
      decision: row.reason === "granted" ? "granted" : "denied",
      reason: row.reason,
      message: REASONS[row.reason],
      userId: row.userId,
      userName: row.userName,
      logId: Number(row.logId),
    };
  }
  return answers;
}

type Waiting = {
  request: DecisionRequest;
  resolve: (decision: Decision | undefined) => void;
  reject: (error: unknown) => void;
};

type Queue = { waiting: Waiting[]; inFlight: number };
const queues = new WeakMap<Queries, Queue>();

/** Decides for the device holding the key with this hash, and logs; undefined when none does. */
export function decide(
  sql: Queries,
  keyHash: string,
  credential: CredentialInput,
  action: string,
): Promise<Decision | undefined> {
  let queue = queues.get(sql);
  if (!queue) queues.set(sql, queue = { waiting: [], inFlight: 0 });
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ request: { keyHash, credential, action }, resolve, reject });
    send(sql, q);
  });
}

function send(sql: Queries, queue: Queue) {
  while (queue.inFlight < IN_FLIGHT && queue.waiting.length) {
    const batch = queue.waiting.splice(0, BATCH);
    queue.inFlight++;
    settle(sql, batch).finally(() => {
      queue.inFlight--;
      send(sql, queue);
    });
  }
}

/**
 * Answers every waiting request of the batch. A statement that fails for a batch is
 * tried again one request at a time, so one request the database refuses cannot
 * fail the others with it.
 */
async function settle(sql: Queries, batch: Waiting[]) {
  try {
    const answers = await decideAll(sql, batch.map((w) => w.request));
    batch.forEach((w, i) => w.resolve(answers[i]));
  } catch (error) {
    if (batch.length === 1) return batch[0].reject(error);
    await Promise.all(batch.map((w) => settle(sql, [w])));
  }
}
