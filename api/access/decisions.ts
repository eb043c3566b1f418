// The access decision: may this credential open this device's door? One SQL
// statement reads every fact, applies the rules in order, writes the access-log
// row and answers. Rules, first failing first:
//   device active → device in a room → room active → credential known →
//   credential active → its user active
//   → no lockdown covering the room (unless a group of the user's with lockdown
//   override holds it) → the user in an active group holding the room
//   → one of those grants open now (its schedule open, or none: at all times).
// A member's unlock from the app (spec 3 §4) is decided for a room, with no door
// asking: the device's own rules pass, and every other rule is the same.
//
// Decisions arriving together are decided together: while earlier statements are at
// the database, new requests wait in a queue and go as one statement when a slot
// frees (no timer: a lone request goes at once). Under load that spreads a round
// trip, a statement and a commit over many doors, which is most of what a decision
// costs; each decision is still its own rule evaluation and its own log row.
//
// Deadlines (issue 12). A door waits for its answer only so long: a decision has a
// deadline, DECISION_DEADLINE_MS (1 s) from the moment its request arrived. One not
// decided by then is answered 503 and is never made or logged afterwards:
//   - while it waits here, its timer answers 503 at the deadline and takes it out of
//     the queue; a batch leaves out anything past its time;
//   - in the statement, each decision carries the last moment it may be made, in the
//     database's clock (the deadline less a margin for the commit and the answer, a
//     tenth of the deadline, at most 100 ms), and its row is inserted only if
//     clock_timestamp() is before that: a statement that reaches the database late,
//     after waiting in the driver or behind a slow one, logs nothing for it, and the
//     answer says so (503);
//   - with the breaker open (db/guard.ts), a decision is refused at once.
// Durability: decisions commit once the WAL is flushed, like everything else;
// DECISIONS_SYNCHRONOUS_COMMIT=off (explicit, see docs/api.md, Durability) lets them answer before.
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import { type Pool, poolOf, scopeOf } from "../db/guard.ts";
import { DatabaseUnavailable, isUnavailable } from "../db/unavailable.ts";
import { type CredentialInput, type Reason, REASONS } from "./schemas.ts";
import { CREDENTIAL_COLUMNS, credentialColumns, ownerOf } from "./credential_owner.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";
import { type OpenState, openStates } from "../schedules/open_states.ts";
import { LEAD_MINUTES } from "../visits/visit_rules.ts";

export type Decision = {
  decision: "granted" | "denied";
  /** null only in the replay of a denial a controller made alone without one (see `earlier`). */
  reason: Reason | null;
  message: string;
  userId: number | null;
  userName: string | null;
  logId: number;
};

export type DecisionRequest = {
  /** The key of the door asking; null for a member's unlock from the app, decided for `roomId`. */
  keyHash: string | null;
  /** A member's unlock from the app (spec 3 §4): the room, with no door of its own asking. */
  roomId?: number;
  credential: CredentialInput;
  /** The log's name for the credential when it is not its type's (a member's passkey: `Face ID`). */
  credentialType?: string;
  action: string;
  /** The controller's id for the attempt; its log row carries it (at most one row per id). */
  eventId?: string;
  /** The last moment it may be made, in the database's clock (ms since the epoch). */
  decideBy?: number;
};

/** Wrong PINs at one door within 60 seconds after which it refuses PINs for 60 (spec 4 §5). */
export const PINS_BEFORE_LOCK = 5;

/** Statements in flight per database before requests queue up to go together. */
const IN_FLIGHT = 4;
/** The most decisions in one statement. */
const BATCH = 64;
/** The most decisions waiting for a statement; more are refused at once (503). */
const MAX_WAITING = 4_096;

export type DecisionSettings = {
  /** From the request's arrival to the last moment it may be answered. */
  deadlineMs: number;
  /** "on": commit once the WAL is flushed (the default); "off": without waiting. */
  synchronousCommit: "on" | "off";
};

/** Kept between the last moment a decision may be made and its deadline: commit and answer. */
export const commitMarginMs = (deadlineMs: number) => Math.min(100, deadlineMs / 10);

const CODES = Object.keys(REASONS) as Reason[];

/**
 * Decides for each request and logs it, in one statement; undefined for a request
 * whose key no device holds. A request past its decideBy is decided but not logged,
 * and its answer has logged: false.
 *
 * The statement commits like any other, once its WAL record is flushed: an answered
 * decision's log row survives a crash of the database server. A flush takes about
 * 3 ms here (tens on a busy disk), paid once per statement, so per batch of doors.
 * synchronousCommit "off" (DECISIONS_SYNCHRONOUS_COMMIT=off) answers without waiting
 * for it, for this statement's transaction only: the rows reach the disk within
 * wal_writer_delay (200 ms), and a crash of the server in that window loses the
 * newest ones (whole, never in part). Offline events always commit synchronously.
 */
export async function decideAll(
  sql: Queries,
  requests: DecisionRequest[],
  synchronousCommit: "on" | "off" = "on",
  states: OpenState[] = openStates(sql),
): Promise<((Decision & { logged: boolean; earlier: Decision | null }) | undefined)[]> {
  const rows = requests.map((r, n) => ({
    n,
    key_hash: r.keyHash,
    room_id: r.roomId ?? null,
    action: r.action,
    event_id: r.eventId ?? null,
    decide_by: r.decideBy ?? null,
    ...credentialColumns(r.credential),
    ...(r.credentialType ? { credential_type: r.credentialType } : {}),
  }));
  const asyncCommit = synchronousCommit === "off";
  const userName = personName(sql, "u");
  // A guest is no user: the row names them (and their host) in user_name only.
  const userOfRow = sql`case when v.visit_id is null then v.user_id end`;
  const decided = await sql<
    {
      n: number;
      reason: Reason;
      userId: number | null;
      userName: string | null;
      logId: string;
      logged: boolean;
      earlierId: string | null;
      earlierOutcome: "success" | "denied" | null;
      earlierReason: string | null;
      earlierUserId: number | null;
      earlierUserName: string | null;
    }[]
  >`
    with e as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
        as e(n int, key_hash text, room_id int, action text, event_id uuid, decide_by float8,
             ${sql.unsafe(CREDENTIAL_COLUMNS)})
    ),
    facts as (
      select e.n, e.kind, e.action, e.event_id, e.decide_by, e.credential_type, d.id as device_id,
             d.name as device_name,
             d.is_active, d.room_id, d.room_name, d.room_active,
             g.visit_id, g.bounded_by_host, g.starts_at as visit_starts_at, g.ends_at as visit_ends_at,
             g.revoked_at as visit_revoked_at,
             -- A member's guest passes only as the host would (spec 4 §5): the host is
             -- the user the group and schedule rules below look at.
             coalesce(o.user_id, case when g.bounded_by_host then g.host_id end) as user_id,
             coalesce(o.credential_active, g.visit_id is not null) as credential_active,
             u.is_active as user_active,
             case when g.visit_id is null then ${userName}
                  else g.guest_name || ' (guest of ' || ${userName} || ')' end as user_name
      from e
      -- Probed by its key's index for each request (the limit keeps the planner from a
      -- hash join over every device, its choice for a batch of unknown size).
      join lateral (
        (select d.id, d.name, d.is_active, d.room_id, r.name as room_name,
               r.is_active as room_active
        from devices d left join rooms r on r.id = d.room_id
        where d.api_key_hash = e.key_hash limit 1)
        union all
        -- A member's unlock from the app: the room itself, no device between.
        (select null::int, null::text, true, r.id, r.name, r.is_active from rooms r where r.id = e.room_id)
        limit 1
      ) d on true
      left join ${ownerOf(sql)} o on true
      -- A guest's visit: by its PIN among the visits not ended, or by its pass's code.
      -- Each branch runs only for its kind of credential. A door refusing PINs finds
      -- none: its answer must not tell a guesser which PIN was right.
      left join lateral (
        (select v.id as visit_id, v.host_id, v.bounded_by_host, v.starts_at, v.ends_at, v.revoked_at, v.guest_name
         from visits v
         where e.kind = 'pin' and v.pin = e.code and v.revoked_at is null and v.ends_at > now()
           and not exists (select 1 from pin_lockouts pl where pl.device_id = d.id and pl.until > now())
         order by v.starts_at limit 1)
        union all
        (select v.id, v.host_id, v.bounded_by_host, v.starts_at, v.ends_at, v.revoked_at, v.guest_name
         from visits v
         where e.kind = 'pass' and v.pass_hash = encode(sha256(convert_to(e.code, 'UTF8')), 'hex'))
        limit 1
      ) g on true
      left join users u on u.id = coalesce(o.user_id, g.host_id)
    ),
    -- Each schedule of the batch's rooms, once per statement: the state this process
    -- worked out (schedules/open_states.ts) while it holds for these very rows and
    -- this moment, else asked here (schedule_open, migration 015: schedule_time.ts
    -- in SQL). Coalesce asks only when there is no such state.
    known as (
      select * from jsonb_to_recordset(${JSON.stringify(states)}::text::jsonb)
        as k(id int, open bool, version text, "from" float8, until float8)
    ),
    open_now as materialized (
      select s.id, coalesce((
        select k.open from known k
        where k.id = s.id
          and k.version = s.xmin::text || '/' || coalesce(c.xmin::text, '')
          and now() >= to_timestamp(k."from" / 1000)
          and (k.until is null or now() < to_timestamp(k.until / 1000))
      ), schedule_open(s.id, now())) as open
      from schedules s left join holiday_calendars c on c.id = s.holiday_calendar_id
      where s.id in (select gr.schedule_id from group_rooms gr where gr.room_id in (select room_id from facts))
    ),
    verdict as (
      select f.*, case
        when not f.is_active then 'device_inactive'
        when f.room_id is null then 'device_unassigned'
        when not f.room_active then 'room_inactive'
        -- A guest (spec 4 §5): a door refusing PINs after five wrong ones; then the
        -- visit's own rules, a lockdown (no guest passes one), and a member's guest
        -- on to the host's rules below.
        when f.kind = 'pin' and exists (
          select 1 from pin_lockouts pl where pl.device_id = f.device_id and pl.until > now()
        ) then 'pin_locked'
        when f.kind in ('pin', 'pass') and f.visit_id is null then 'unknown_credential'
        when f.visit_id is not null and not (
          f.visit_revoked_at is null and now() >= f.visit_starts_at - ${LEAD_MINUTES} * interval '1 minute'
          and now() < f.visit_ends_at
        ) then 'visit_not_active'
        when f.visit_id is not null and not exists (
          select 1 from visit_rooms vr where vr.visit_id = f.visit_id and vr.room_id = f.room_id
        ) then 'no_group_access'
        when f.visit_id is not null and ${coveredByLockdown(sql, sql`f.room_id`)} then 'lockdown'
        when f.visit_id is not null and not f.bounded_by_host then 'granted'
        when f.user_id is null then 'unknown_credential'
        when not f.credential_active then 'credential_inactive'
        when not f.user_active then 'user_inactive'
        -- Lockdown (spec 3 §2): before any group or schedule rule; a member of an
        -- active group with lockdown_override holding the room passes, whatever the
        -- grant's schedule.
        when ${coveredByLockdown(sql, sql`f.room_id`)} then case when exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id and g.is_active and g.lockdown_override
          join group_rooms gr on gr.group_id = ug.group_id and gr.room_id = f.room_id
          where ug.user_id = f.user_id
        ) then 'granted' else 'lockdown' end
        when not exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id and g.is_active
          join group_rooms gr on gr.group_id = ug.group_id and gr.room_id = f.room_id
          where ug.user_id = f.user_id
        ) then 'no_group_access'
        when not exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id and g.is_active
          join group_rooms gr on gr.group_id = ug.group_id and gr.room_id = f.room_id
          where ug.user_id = f.user_id
            and (gr.schedule_id is null
                 or exists (select 1 from open_now o where o.id = gr.schedule_id and o.open))
        ) then 'outside_schedule'
        else 'granted' end as reason,
        -- The log row's id, drawn here so each answer can name its own row.
        nextval(pg_get_serial_sequence('access_logs', 'id')) as log_id
      from facts f
      order by f.n
    ),
    logged as (
      insert into access_logs (id, event_id, user_id, user_name, device_id, device_name, room_id,
                               room_name, credential_type, action, outcome, reason, visit_id)
      overriding system value
      select v.log_id, v.event_id, ${userOfRow}, v.user_name, v.device_id, v.device_name, v.room_id,
             v.room_name, v.credential_type, v.action,
             case when v.reason = 'granted' then 'success' else 'denied' end,
             case when v.reason = 'granted' then null else m.message end, v.visit_id
      from verdict v
      left join unnest(${CODES}::text[], ${CODES.map((c) => REASONS[c])}::text[])
        as m(code, message) on m.code = v.reason
      -- Never late: a decision whose time has passed by now is not made or logged.
      where v.decide_by is null
         or clock_timestamp() < to_timestamp(v.decide_by / 1000)
      -- An attempt already logged (its offline upload came first) is not logged again.
      on conflict (event_id) where event_id is not null do nothing
      returning id
    ),
    -- A wrong PIN at a door, and, the fifth within 60 seconds, the door's refusal of
    -- PINs for the next 60 (spec 4 §5). Each runs, finding nothing, in every statement.
    wrong_pins as (
      insert into pin_failures (device_id)
      select v.device_id from verdict v
      where v.kind = 'pin' and v.reason = 'unknown_credential' and v.device_id is not null
        and (v.decide_by is null or clock_timestamp() < to_timestamp(v.decide_by / 1000))
      returning device_id
    ),
    pin_locks as (
      insert into pin_lockouts (device_id, until)
      select w.device_id, now() + interval '60 seconds'
      from (select device_id, count(*) as n from wrong_pins group by device_id) w
      -- This statement's own failures are not in the table it reads: counted apart.
      where w.n + (select count(*) from pin_failures pf
                   where pf.device_id = w.device_id and pf.at > now() - interval '60 seconds') >= ${PINS_BEFORE_LOCK}
      on conflict (device_id) do update set until = excluded.until
      returning device_id
    )${
    asyncCommit
      ? sql`,
    -- DECISIONS_SYNCHRONOUS_COMMIT=off: answer without waiting for the WAL flush
    -- (this statement's transaction only).
    async_commit as (select set_config('synchronous_commit', 'off', true))`
      : sql``
  }
    select v.n, v.reason, ${userOfRow} as user_id, v.user_name, v.log_id, l.id is not null as logged,
           x.id as earlier_id, x.outcome as earlier_outcome, x.reason as earlier_reason,
           x.user_id as earlier_user_id, x.user_name as earlier_user_name
    from verdict v left join logged l on l.id = v.log_id
    -- Not logged because its event was already, at this door: that row, to answer its
    -- replay (the statement reads the table as it was before its own insert). Probed
    -- through the event id's index, and only for such a request (the limit keeps the
    -- planner from making it a join): as a join, the planner, its statistics behind a
    -- growing table, hashed every row of the log for each statement, and decisions
    -- slowed as the log grew (p50 3 → 17 ms in 40 s at 500/s).
    left join lateral (
      select x.id, x.outcome, x.reason, x.user_id, x.user_name from access_logs x
      where l.id is null and v.event_id is not null and x.event_id = v.event_id
        and x.device_id is not distinct from v.device_id
      limit 1
    ) x on true${
    asyncCommit ? sql`, async_commit` : sql``
  }`;
  const answers: ((Decision & { logged: boolean; earlier: Decision | null }) | undefined)[] = new Array(requests.length);
  for (const row of decided) {
    answers[row.n] = {
      decision: row.reason === "granted" ? "granted" : "denied",
      reason: row.reason,
      message: REASONS[row.reason],
      userId: row.userId,
      userName: row.userName,
      logId: Number(row.logId),
      logged: row.logged,
      earlier: row.earlierId === null ? null : {
        decision: row.earlierOutcome === "success" ? "granted" : "denied",
        reason: row.earlierOutcome === "success" ? "granted" : CODE_OF_MESSAGE.get(row.earlierReason ?? "") ?? null,
        message: row.earlierReason ?? REASONS.granted,
        userId: row.earlierUserId,
        userName: row.earlierUserName,
        logId: Number(row.earlierId),
      },
    };
  }
  return answers;
}

/** A logged reason's code (a controller's own denial, logged without one, has none). */
const CODE_OF_MESSAGE = new Map(CODES.map((code) => [REASONS[code] as string, code]));

type Waiting = {
  request: DecisionRequest;
  /** Date.now() after which it may no longer be made (its deadline less the margin). */
  decideBy: number;
  resolve: (decision: Decision | undefined) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Answered (decided, refused, or past its deadline). */
  done: boolean;
};

type Queue = { waiting: Waiting[]; inFlight: number };
const queues = new WeakMap<object, Queue>();

/**
 * Decides for the device holding the key with this hash, and logs; undefined when
 * none does. Rejects with DatabaseUnavailable (503) when not decided by the deadline.
 */
export function decide(
  sql: Queries,
  keyHash: string,
  input: { credential: CredentialInput; action: string; eventId?: string },
  settings: DecisionSettings,
): Promise<Decision | undefined> {
  const pool = poolOf(sql);
  const deadline = (scopeOf(sql)?.startedAt ?? Date.now()) + settings.deadlineMs;
  const decideBy = deadline - commitMarginMs(settings.deadlineMs);
  // The queue is the pool's, whichever request's view of it this is.
  const key: object = pool ?? sql;
  let queue = queues.get(key);
  if (!queue) queues.set(key, queue = { waiting: [], inFlight: 0 });
  const q = queue;
  if (pool?.breaker.isOpen) return Promise.reject(new DatabaseUnavailable("down"));
  if (Date.now() >= decideBy) return Promise.reject(new DatabaseUnavailable("deadline"));
  if (q.waiting.length >= MAX_WAITING) return Promise.reject(new DatabaseUnavailable("busy"));
  return new Promise((resolve, reject) => {
    const waiting: Waiting = {
      request: { keyHash, ...input },
      decideBy,
      resolve,
      reject,
      done: false,
      // At the deadline: answered 503, whether it still waits here or its statement
      // is at the database (which then does not log it: decideBy has passed).
      timer: setTimeout(() => {
        if (waiting.done) return;
        waiting.done = true;
        const at = q.waiting.indexOf(waiting);
        if (at >= 0) q.waiting.splice(at, 1);
        reject(new DatabaseUnavailable("deadline"));
      }, deadline - Date.now()),
    };
    q.waiting.push(waiting);
    send(pool?.sql ?? sql, pool, settings, q);
  });
}

function answer(w: Waiting, outcome: { decision?: Decision; error?: unknown }) {
  if (w.done) return;
  w.done = true;
  clearTimeout(w.timer);
  if (outcome.error !== undefined) w.reject(outcome.error);
  else w.resolve(outcome.decision);
}

function send(sql: Queries, pool: Pool | undefined, settings: DecisionSettings, queue: Queue) {
  while (queue.inFlight < IN_FLIGHT && queue.waiting.length) {
    const now = Date.now();
    const batch: Waiting[] = [];
    while (batch.length < BATCH && queue.waiting.length) {
      const w = queue.waiting.shift()!;
      if (w.done) continue;
      if (now >= w.decideBy) answer(w, { error: new DatabaseUnavailable("deadline") });
      else batch.push(w);
    }
    if (!batch.length) continue;
    queue.inFlight++;
    settle(sql, pool, settings, batch).finally(() => {
      queue.inFlight--;
      send(sql, pool, settings, queue);
    });
  }
}

/**
 * Answers every waiting request of the batch. A statement that fails for a batch with
 * an SQL error is tried again one request at a time, so one request the database
 * refuses cannot fail the others with it; a database that is not available fails
 * them all (trying each alone would only send it more).
 */
async function settle(
  sql: Queries,
  pool: Pool | undefined,
  settings: DecisionSettings,
  batch: Waiting[],
) {
  // In the database's clock, so the two clocks need not agree.
  const offset = pool?.clockOffsetMs ?? 0;
  try {
    const answers = await decideAll(
      sql,
      batch.map((w) => ({ ...w.request, decideBy: w.decideBy + offset })),
      settings.synchronousCommit,
    );
    batch.forEach((w, i) => {
      const a = answers[i];
      // A replay of an attempt already logged (the door asked again, or uploaded it
      // first): the decision logged for it, once more.
      if (a?.earlier) return answer(w, { decision: a.earlier });
      if (a && !a.logged) return answer(w, { error: new DatabaseUnavailable("deadline") });
      if (a && w.done) lateAnswers++; // logged in time, answered too late: see below
      const { logged: _, earlier: __, ...decision } = a ?? {};
      answer(w, { decision: a ? decision as Decision : undefined });
    });
  } catch (error) {
    const live = batch.filter((w) => !w.done);
    if (live.length === 1 || isUnavailable(error)) {
      for (const w of live) answer(w, { error });
      return;
    }
    await Promise.all(live.map((w) => settle(sql, pool, settings, [w])));
  }
}

/**
 * Decisions logged before their time whose statement came back only after their
 * deadline had answered 503: the margin did not cover the commit. Never expected
 * (the margin is 100 ms); counted so a test can say it stayed 0.
 */
export let lateAnswers = 0;
