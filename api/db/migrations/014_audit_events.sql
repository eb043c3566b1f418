-- The audit trail (spec 3 §5, issue 14): one row per admin change, sign-in, failed
-- sign-in, sign-out and passkey registration, written in the change's own transaction.
--
-- Tamper evidence is the database's own work, so no code path can write an event
-- outside the chain: a BEFORE INSERT trigger takes the chain's advisory lock, links
-- the new event to the newest one (prev_hash) and sets its hash, SHA-256 over the
-- previous hash and the event's canonical content. Changing, removing or reordering
-- any stored event breaks its hash or the next one's link; /api/audit/verify
-- recomputes them. A second trigger refuses UPDATE, DELETE and TRUNCATE; only the
-- pruning command (api/cli/prune_audit.ts) may delete, and only the oldest events
-- up to the id it names for its own transaction.
create sequence audit_events_id_seq as integer;

create table audit_events (
  -- Set by the chain trigger under its lock, so ids follow the chain.
  id integer primary key,
  at timestamptz not null,
  actor_type text not null check (actor_type in ('user', 'device', 'system')),
  actor_id integer,
  actor_name text not null,
  action text not null,
  target_type text,
  target_id integer,
  target_name text,
  changes jsonb not null default '{}',
  ip text,
  user_agent text,
  request_id text,
  prev_hash text not null,
  hash text not null
);

alter sequence audit_events_id_seq owned by audit_events.id;

-- The canonical content: a JSON array of every field but the hashes, in a fixed order,
-- the time as whole microseconds since the epoch (a timestamp's text would follow the
-- session's time zone). jsonb's text form is canonical: keys sorted, spacing fixed.
create function audit_event_hash(prev text, e audit_events) returns text
language sql immutable as $$
  select encode(sha256(convert_to(prev || jsonb_build_array(
    e.id, (extract(epoch from e.at) * 1000000)::bigint, e.actor_type, e.actor_id,
    e.actor_name, e.action, e.target_type, e.target_id, e.target_name, e.changes,
    e.ip, e.user_agent, e.request_id
  )::text, 'UTF8')), 'hex')
$$;

create function audit_events_chain() returns trigger language plpgsql as $$
begin
  -- One writer at a time, until its transaction ends. The select below runs after the
  -- lock with a snapshot of its own (READ COMMITTED, a volatile function), so it sees
  -- the event the previous holder committed.
  perform pg_advisory_xact_lock(7460312);
  select hash into new.prev_hash from audit_events order by id desc limit 1;
  new.prev_hash := coalesce(new.prev_hash, repeat('0', 64));
  new.id := nextval('audit_events_id_seq');
  new.at := clock_timestamp();
  new.hash := audit_event_hash(new.prev_hash, new);
  return new;
end $$;

create trigger audit_events_chain before insert on audit_events
  for each row execute function audit_events_chain();

create function audit_events_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE'
    and old.id <= coalesce(nullif(current_setting('threshold.audit_prune_through', true), '')::integer, 0)
  then
    return old;
  end if;
  raise exception 'audit events cannot be changed or deleted'
    using errcode = 'insufficient_privilege';
end $$;

create trigger audit_events_append_only before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();

-- Reads: newest first by id (the keyset), by action, actor, target and time.
create index audit_events_action_idx on audit_events (action, id desc);
create index audit_events_actor_idx on audit_events (actor_id, id desc);
create index audit_events_target_idx on audit_events (target_type, target_id, id desc);
create index audit_events_at_idx on audit_events (at);

-- Search matches actor, action and target names anywhere, case-insensitively, as the
-- access log's does (006): a trigram index where pg_trgm exists. The expression must
-- stay identical to the one in api/audit/repo.ts.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index audit_events_search_idx on audit_events using gin ((
      actor_name || E'\n' || action || E'\n' || coalesce(target_name, '')
    ) gin_trgm_ops);
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm unavailable (%); audit search scans instead', sqlerrm;
end
$$;
