-- Emergency lockdown (spec 3 §2). A lockdown covers every room (scope 'all') or the
-- rooms it names; while it has not ended, every decision at those rooms' doors is
-- denied except for members of an active group with lockdown_override that holds
-- the room, and unlock schedules are suspended.

alter table groups add column lockdown_override boolean not null default false;

create table lockdowns (
  id integer generated always as identity primary key,
  scope text not null check (scope in ('all', 'rooms')),
  -- The rooms as chosen (empty for 'all'). No foreign keys: a room deleted later
  -- leaves the record of what was locked down intact.
  room_ids integer[] not null default '{}',
  reason text not null,
  started_at timestamptz(3) not null default now(),
  -- Who, as they were named then: { id, name }.
  started_by jsonb not null,
  ended_at timestamptz(3),
  ended_by jsonb,
  check ((scope = 'all') = (cardinality(room_ids) = 0)),
  check ((ended_at is null) = (ended_by is null))
);
-- Every decision asks for the active ones: few rows, found without a scan.
create index lockdowns_active_idx on lockdowns (id) where ended_at is null;

-- The doors' live channel (spec 3 §3): whatever can change a door's access list
-- tells every API process once it commits (db/notifications.ts, channel
-- access_lists); each process then looks again at the lists of the doors connected
-- to it (access/door_streams.ts). Statement triggers: one notification a statement
-- at most, and PostgreSQL folds the same one within a transaction.
create function notify_access_lists() returns trigger language plpgsql as $$
begin
  perform pg_notify('access_lists', tg_table_name);
  return null;
end $$;

create trigger users_notify_access_lists
  after delete or update of is_active, first_name, last_name, email on users
  for each statement execute function notify_access_lists();
create trigger passkeys_notify_access_lists
  after insert or delete or update of credential_id, user_id on passkeys
  for each statement execute function notify_access_lists();
do $$
declare t text;
begin
  foreach t in array array['groups', 'user_groups', 'group_rooms', 'rooms', 'devices',
    'user_credentials', 'lastlock_credentials', 'schedules', 'holiday_calendars', 'lockdowns']
  loop
    execute format('create trigger %I after insert or update or delete on %I
      for each statement execute function notify_access_lists()', t || '_notify_access_lists', t);
  end loop;
end $$;

-- Live events (spec 3 §6): a lockdown started or ended tells every API process,
-- which tells the dashboards open on it (events/live_events.ts).
create function notify_lockdown_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or (old.ended_at is null and new.ended_at is not null) then
    perform pg_notify('live_events', json_build_object(
      'type', case when tg_op = 'INSERT' then 'lockdown.started' else 'lockdown.ended' end,
      'data', json_build_object('id', new.id))::text);
  end if;
  return null;
end $$;
create trigger lockdowns_notify_live_events after insert or update on lockdowns
  for each row execute function notify_lockdown_event();

-- Commands to a door (spec 3 §3): a remote unlock, sent on the door's event stream
-- (to whichever API process it is connected to: NOTIFY device_commands) until the
-- door acknowledges it or it expires.
create table device_commands (
  id integer generated always as identity primary key,
  device_id integer not null references devices on delete cascade,
  -- For whom, named as they were then.
  user_id integer references users on delete set null,
  user_name text not null,
  expires_at timestamptz(3) not null,
  created_at timestamptz(3) not null default now(),
  acked_at timestamptz(3),
  result text check (result in ('unlocked', 'failed')),
  message text,
  check ((acked_at is null) = (result is null))
);
create index device_commands_pending_idx on device_commands (device_id) where acked_at is null;

create function notify_device_command() returns trigger language plpgsql as $$
begin
  perform pg_notify('device_commands', new.device_id::text);
  return null;
end $$;
create trigger device_commands_notify after insert or update on device_commands
  for each row execute function notify_device_command();
