-- Visitors in the doors' access lists (spec 4 §5): each list carries the visits of
-- its room whose pass works now or within 24 hours, so a door admits guests while the
-- server is away (access/room_parts.ts, access/visit_window.ts).
--
-- What a list holds of visits depends on the clock as well as on the tables, so the
-- moment it is worked out as of is kept here, beside a generation of its own: the
-- rooms' visits parts are good for this generation (and the people generation of
-- 022, which names the hosts), and every process works them out as of the same
-- moment, so a list and its ETag are the same whichever process serves it.
-- The generation (and the moment) moves on
--   - with every change to visits or their rooms, once per transaction, at commit
--     (deferred, as in 022), the moment being the commit's;
--   - when the clock carries a visit into the window or past its end: every process
--     with doors connected looks every few seconds and the first whose update finds
--     such a visit moves it (access/visit_window.ts); the row's lock settles who.
-- Either way it tells every process (NOTIFY access_lists), which tells its doors.
create table access_list_visits (
  only_row boolean primary key default true check (only_row),
  generation bigint not null default 0,
  -- The lists' visits are those not ended by this moment whose pass works by 24 hours
  -- (and a margin) after it.
  as_of timestamptz(3) not null default now(),
  -- The transaction that last moved it: one move per transaction, however many rows.
  moved_by xid8
);
insert into access_list_visits default values;

create function move_access_list_visits() returns trigger language plpgsql as $$
begin
  update access_list_visits set generation = generation + 1, as_of = date_trunc('milliseconds', clock_timestamp()),
         moved_by = pg_current_xact_id()
  where moved_by is distinct from pg_current_xact_id();
  -- Folded by PostgreSQL into one notification per transaction.
  perform pg_notify('access_lists', 'visits');
  return null;
end $$;

-- Not arrived_at (set by the first entry: no list changes) nor note, guest_email,
-- created_by, updated_at.
create constraint trigger visits_move_access_list_visits
  after insert or delete or update of guest_name, host_id, starts_at, ends_at, pin, pass_hash,
    bounded_by_host, revoked_at on visits
  deferrable initially deferred for each row execute function move_access_list_visits();
create constraint trigger visit_rooms_move_access_list_visits
  after insert or delete or update on visit_rooms
  deferrable initially deferred for each row execute function move_access_list_visits();

-- The window's check looks for visits that ended since the moment (the check of those
-- that entered it uses visits_starts_idx).
create index visits_ends_idx on visits (ends_at) where revoked_at is null;
-- An uploaded decision's PIN is found among every visit that held it, revoked ones
-- included (a door that did not hear of the revocation let the guest in):
-- visits_pin_idx (030) has only those not revoked.
create index visits_pin_any_idx on visits (pin, created_at);
