-- Signed webhooks and live events (spec 3 §6), and housekeeping one process at a
-- time (spec 3 §7).
--
-- The event log: one row for everything that happens that a webhook or a dashboard
-- may hear of, written by triggers in the transaction of its cause (a decision's
-- access-log row, an audit event, a lockdown started or ended, a door's answer to
-- an unlock command), so no code path can make a change and forget its event, and
-- the decision SQL stays as it is. A row names its type and the row it is about
-- (subject_id); what is said about it is read from that row when it is sent
-- (events/event_data.ts).
create table events (
  id bigint generated always as identity primary key,
  -- The writing transaction. Ids are taken before commit, so a smaller id may commit
  -- after a bigger one has been read: readers follow (txid, id) and only take the
  -- events of transactions no longer running (txid < the snapshot's xmin), so an
  -- event that commits late is still ahead of every reader, never behind it.
  txid xid8 not null default pg_current_xact_id(),
  type text not null,
  -- access_logs.id, audit_events.id, lockdowns.id, device_commands.id, or webhooks.id
  -- (webhook.test).
  subject_id bigint not null,
  at timestamptz(3) not null default now()
);
create index events_position_idx on events (txid, id);

-- Webhook endpoints. The secret signs deliveries, so it is kept as given; no read
-- answers it (webhooks/repo.ts).
create table webhooks (
  id integer generated always as identity primary key,
  url text not null,
  description text not null default '',
  -- Empty: every event type.
  event_types text[] not null default '{}',
  is_active boolean not null default true,
  secret text not null,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);

-- The outbox: one delivery per event and subscribed endpoint, written with the event.
-- Senders in any process claim due ones (next_attempt_at) with FOR UPDATE SKIP LOCKED
-- and push next_attempt_at past the attempt's timeout while they send, so a delivery
-- whose sender died is taken up again later (webhooks/sender.ts).
create table webhook_deliveries (
  id bigint generated always as identity primary key,
  webhook_id integer not null references webhooks on delete cascade,
  event_id bigint not null references events on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  last_status_code integer,
  last_error text,
  -- Null once delivered or failed.
  next_attempt_at timestamptz(3) default now(),
  -- The body as first sent: every retry sends the same bytes.
  body text,
  created_at timestamptz(3) not null default now(),
  check ((status = 'pending') = (next_attempt_at is not null))
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, id desc);
create index webhook_deliveries_event_idx on webhook_deliveries (event_id);

-- Every event but a test (sent to its one endpoint by the route) fans out to the active
-- endpoints that subscribe to it: with no webhook, one probe of an empty table. Every
-- event but a decision is announced (NOTIFY events, its id): senders and live streams
-- in every process wake at once. Decisions are not: NOTIFY serializes the commits of
-- the transactions that send one (PostgreSQL takes a database-wide lock for it until
-- commit), which the decisions' rate cannot afford; they are picked up by the senders'
-- and streams' short polls (docs/operations.md).
create function fan_out_event() returns trigger language plpgsql as $$
begin
  if new.type <> 'webhook.test' then
    insert into webhook_deliveries (webhook_id, event_id)
      select w.id, new.id from webhooks w
      where w.is_active and (cardinality(w.event_types) = 0 or new.type = any(w.event_types));
  end if;
  if new.type not like 'access.%' then
    perform pg_notify('events', new.id::text);
  end if;
  return null;
end $$;
create trigger events_fan_out after insert on events
  for each row execute function fan_out_event();

-- The causes.
create function record_access_event() returns trigger language plpgsql as $$
begin
  insert into events (type, subject_id)
    values (case when new.outcome = 'success' then 'access.granted' else 'access.denied' end, new.id);
  return null;
end $$;
create trigger access_logs_record_event after insert on access_logs
  for each row execute function record_access_event();

create function record_admin_change() returns trigger language plpgsql as $$
begin
  insert into events (type, subject_id) values ('admin.change', new.id);
  return null;
end $$;
create trigger audit_events_record_event after insert on audit_events
  for each row execute function record_admin_change();

-- Lockdowns reach the dashboards through the event log now (migration 018 notified
-- live_events directly).
drop trigger lockdowns_notify_live_events on lockdowns;
drop function notify_lockdown_event();
create function record_lockdown_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into events (type, subject_id) values ('lockdown.started', new.id);
  elsif old.ended_at is null and new.ended_at is not null then
    insert into events (type, subject_id) values ('lockdown.ended', new.id);
  end if;
  return null;
end $$;
create trigger lockdowns_record_event after insert or update on lockdowns
  for each row execute function record_lockdown_event();

-- door.unlocked_remotely: a door acknowledged an unlock command with "unlocked" (spec 3
-- §3, §4). Whoever sends the command (the members' Face ID unlock) needs nothing more.
create function record_remote_unlock() returns trigger language plpgsql as $$
begin
  if old.acked_at is null and new.result = 'unlocked' then
    insert into events (type, subject_id) values ('door.unlocked_remotely', new.id);
  end if;
  return null;
end $$;
create trigger device_commands_record_event after update of acked_at on device_commands
  for each row execute function record_remote_unlock();

-- Housekeeping (jobs/housekeeping.ts): the process that moves next_run_at on sweeps; the
-- others find it in the future. One row.
create table housekeeping (
  id boolean primary key default true check (id),
  next_run_at timestamptz(3) not null default '-infinity',
  last_run_at timestamptz(3),
  runs integer not null default 0
);
insert into housekeeping default values;
