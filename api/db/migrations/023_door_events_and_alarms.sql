-- Doors that report (spec 4 §1, §2; issue 27): what controllers say of their door
-- hardware, each door's state as those events left it (api/doors/door_rules.ts), and
-- the alarms they raise.

-- How long a door may stand open before its held-open alarm.
alter table rooms add column held_open_seconds integer not null default 60
  check (held_open_seconds between 10 and 3600);

-- Every input a controller reported, once (an upload repeated after a reconnect is
-- stored once, by its eventId), judged by its own time.
create table door_events (
  id bigint generated always as identity primary key,
  event_id uuid not null unique,
  device_id integer not null references devices on delete cascade,
  at timestamptz(3) not null,
  type text not null check (type in ('door.opened', 'door.closed', 'exit.requested', 'tamper.on', 'tamper.off')),
  -- door.opened only: whether the controller had released the lock then.
  released boolean check ((type = 'door.opened') = (released is not null)),
  received_at timestamptz(3) not null default now()
);
create index door_events_device_at_idx on door_events (device_id, at);

-- Each door's state as its events left it. A row is locked while events are judged
-- (one upload of a door at a time, in whichever process), and `held_open_due_at` is
-- what the held-open timer claims (jobs in every process, FOR UPDATE SKIP LOCKED).
create table door_states (
  device_id integer primary key references devices on delete cascade,
  position text not null check (position in ('open', 'closed', 'unknown')),
  since timestamptz(3),
  last_at timestamptz(3),
  tamper boolean not null default false,
  held_open_due_at timestamptz(3)
);
create index door_states_held_open_due_idx on door_states (held_open_due_at)
  where held_open_due_at is not null;

create table alarms (
  id integer generated always as identity primary key,
  type text not null check (type in ('door.forced_open', 'door.held_open', 'device.tamper', 'device.offline')),
  severity text not null check (severity in ('critical', 'warning')),
  -- Named as they were when it was raised: a later rename or deletion does not rewrite it.
  device_id integer references devices on delete set null,
  device_name text not null,
  room_id integer references rooms on delete set null,
  room_name text,
  started_at timestamptz(3) not null,
  -- When its cause ended (the door closed, tamper.off, the device back).
  cleared_at timestamptz(3),
  acknowledged_at timestamptz(3),
  acknowledged_by jsonb,
  resolved_at timestamptz(3),
  -- { type: "user" | "system", id, name }
  resolved_by jsonb,
  note text check (char_length(note) <= 500),
  check ((acknowledged_at is null) = (acknowledged_by is null)),
  check ((resolved_at is null) = (resolved_by is null))
);
-- At most one unresolved alarm per device and type: the same cause while one is
-- unresolved raises nothing new.
create unique index alarms_one_unresolved_idx on alarms (device_id, type) where resolved_at is null;
create index alarms_newest_idx on alarms (started_at desc, id desc);
create index alarms_open_idx on alarms (started_at desc, id desc) where resolved_at is null;

-- alarm.raised, alarm.acknowledged, alarm.resolved (data: the alarm as it is).
create function record_alarm_event() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into events (type, subject_id) values ('alarm.raised', new.id);
    -- Raised and resolved at once: a held-open alarm uploaded after the door shut.
    if new.resolved_at is not null then
      insert into events (type, subject_id) values ('alarm.resolved', new.id);
    end if;
  else
    if old.acknowledged_at is null and new.acknowledged_at is not null then
      insert into events (type, subject_id) values ('alarm.acknowledged', new.id);
    end if;
    if old.resolved_at is null and new.resolved_at is not null then
      insert into events (type, subject_id) values ('alarm.resolved', new.id);
    end if;
  end if;
  return null;
end $$;
create trigger alarms_record_event after insert or update on alarms
  for each row execute function record_alarm_event();

-- A deactivated or deleted device raises nothing, and its unresolved alarms resolve
-- (spec 4 §2), whichever call or import did it.
create function resolve_alarms_of_device() returns trigger language plpgsql as $$
begin
  update alarms set resolved_at = now(), resolved_by = '{"type": "system", "id": null, "name": "Threshold"}'
  where device_id = old.id and resolved_at is null;
  return old; -- a before-delete trigger lets the delete go on by returning the row
end $$;
create trigger devices_resolve_alarms_on_deactivate after update of is_active on devices
  for each row when (old.is_active and not new.is_active) execute function resolve_alarms_of_device();
create trigger devices_resolve_alarms_on_delete before delete on devices
  for each row execute function resolve_alarms_of_device();
