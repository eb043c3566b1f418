-- Visitors (spec 4 §5): a guest's visit, its rooms, and the pass that lets them in.
-- The pass works from 15 minutes before starts_at until ends_at, unless revoked
-- (visits/visit_rules.ts). The pass's code is the token of its link
-- (<origin>/visit/<token>, shown as a QR code on the pass page): only its SHA-256 is
-- kept. The PIN is kept as it is (the pass page and the dashboard show it), unique
-- among the visits not ended (visits/repo.ts draws it under an advisory lock: no
-- index can say "not ended yet").
create table visits (
  id integer generated always as identity primary key,
  guest_name text not null,
  guest_email text,
  host_id integer not null references users on delete cascade,
  starts_at timestamptz(3) not null,
  ends_at timestamptz(3) not null check (ends_at > starts_at),
  note text not null default '',
  pin text not null check (pin ~ '^[0-9]{6}$'),
  pass_hash text not null unique,
  -- Invited by a member (not an admin): the guest passes only while the host's own
  -- grants would let the host through (spec 4 §5).
  bounded_by_host boolean not null,
  revoked_at timestamptz(3),
  arrived_at timestamptz(3),
  created_by integer references users on delete set null,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create index visits_starts_idx on visits (starts_at, id);
create index visits_host_idx on visits (host_id, starts_at);
-- A PIN's live visit, for the doors' decisions and the drawing of a new PIN.
create index visits_pin_idx on visits (pin) where revoked_at is null;
create trigger visits_set_updated_at before update on visits
  for each row execute function set_updated_at();

create table visit_rooms (
  visit_id integer not null references visits on delete cascade,
  room_id integer not null references rooms on delete cascade,
  primary key (visit_id, room_id)
);
create index visit_rooms_room_idx on visit_rooms (room_id);
