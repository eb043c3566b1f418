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
