-- What the Doors board (spec 4 §1) has been told by door.changed of the parts of a
-- door's entry that move with no call to announce them; the door watch
-- (doors/watch.ts) tells each once and stamps it here.
--
-- A device is shown offline once it has been silent a minute, before its
-- device.offline alarm at DEVICE_OFFLINE_SECONDS; its next contact clears the stamp
-- and announces it online again (doors/presence.ts).
alter table device_presence add column shown_offline_at timestamptz(3);
-- What that watch looks through: the devices the board has not been told are offline.
create index device_presence_shown_idx on device_presence (last_seen_at) where shown_offline_at is null;

-- Each room's lock as its doors' entries last showed it (locked, unlocked, lockdown):
-- it moves at an unlock schedule's boundary and with the first person in, as well as
-- with lockdowns and edits.
create table door_locks_told (
  room_id integer primary key references rooms on delete cascade,
  lock text not null
);

-- The offline watch dates a device's silence from its last contact (last_seen_at, which
-- each renewal of an open stream moves), not from the end of a dead process's vouch.
drop index device_presence_watch_idx;
create index device_presence_watch_idx on device_presence (last_seen_at) where offline_since is null;
