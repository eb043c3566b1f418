-- Each keyed device's connection and list freshness (spec 4 §1; issue 27), kept apart
-- from devices: written on contact, which must neither move a device's version nor
-- wake every door's stream (devices' access_lists trigger, migration 018).
create table device_presence (
  device_id integer primary key references devices on delete cascade,
  -- Its last call to the API.
  last_seen_at timestamptz(3) not null,
  -- While its stream is open on some process: until when that process vouches for it
  -- (refreshed well before then); the moment it closed, once it has.
  stream_until timestamptz(3),
  -- Found silent for DEVICE_OFFLINE_SECONDS (its device.offline alarm raised); null while online.
  offline_since timestamptz(3),
  -- The ETag of the access list it last fetched (a 200 or a 304), and when.
  list_etag text,
  list_fetched_at timestamptz(3)
);
-- What the offline watch looks through: the devices not yet found offline.
create index device_presence_watch_idx on device_presence (greatest(last_seen_at, stream_until))
  where offline_since is null;
