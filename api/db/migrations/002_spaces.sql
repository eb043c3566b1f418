-- Places and hardware: rooms, devices, who may enter where, and what happened.

create table rooms (
  id integer generated always as identity primary key,
  name text not null,
  description text,
  is_active boolean not null default true,
  capacity integer not null default 15 check (capacity > 0),
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create trigger rooms_set_updated_at before update on rooms
  for each row execute function set_updated_at();

create table devices (
  id integer generated always as identity primary key,
  name text not null,
  device_id text not null unique, -- external id, e.g. DEV123456
  type text not null check (type in ('sensor', 'lock', 'camera', 'reader', 'density', 'lastlock')),
  manufacturer text,
  -- A deleted room frees its devices (they become unassigned) rather than
  -- destroying hardware records and their history.
  room_id integer references rooms on delete set null,
  is_active boolean not null default true,
  is_pending boolean not null default false,
  -- Density occupancy sensor
  density_space_id text,
  density_api_token text,
  density_client_id text,
  density_client_secret text,
  density_auth_type text not null default 'bearer' check (density_auth_type in ('bearer', 'oauth')),
  -- Last Lock smart lock
  last_lock_device_id integer unique,
  last_lock_description text,
  last_lock_time_created timestamptz(3),
  last_access_attempt timestamptz(3),
  last_access_credential text,
  last_access_outcome text,
  credential_count integer not null default 0,
  last_sync timestamptz(3),
  -- UniFi Protect camera or sensor
  unifi_device_id text unique,
  unifi_model text,
  unifi_ip text,
  unifi_mac text,
  unifi_is_online boolean,
  last_seen timestamptz(3),
  firmware text,
  camera_specs jsonb,
  sensor_specs jsonb,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create index devices_room_id_idx on devices (room_id);
create trigger devices_set_updated_at before update on devices
  for each row execute function set_updated_at();

create table group_rooms (
  -- A grant means nothing without both sides: deleting either removes it.
  group_id integer not null references groups on delete cascade,
  room_id integer not null references rooms on delete cascade,
  created_at timestamptz(3) not null default now(),
  primary key (group_id, room_id)
);
create index group_rooms_room_id_idx on group_rooms (room_id);

create table sensor_data (
  id bigint generated always as identity primary key,
  -- Readings are only meaningful for their sensor; they go with it.
  device_id integer not null references devices on delete cascade,
  timestamp timestamptz(3) not null,
  count integer,
  event_type text,
  analytics jsonb,
  created_at timestamptz(3) not null default now()
);
create index sensor_data_device_time_idx on sensor_data (device_id, timestamp desc);

create table device_credentials (
  id integer generated always as identity primary key,
  -- An assignment links a lock and a credential; it dies with either one.
  device_id integer not null references devices on delete cascade,
  credential_id integer not null references lastlock_credentials on delete cascade,
  assigned_at timestamptz(3) not null default now(),
  created_at timestamptz(3) not null default now(),
  unique (device_id, credential_id)
);
create index device_credentials_credential_id_idx on device_credentials (credential_id);

-- The audit trail outlives what it mentions: deleting a user, device or room keeps
-- its rows (the link becomes null) and the *_name snapshots keep the names as they
-- were at the time.
create table access_logs (
  id bigint generated always as identity primary key,
  user_id integer references users on delete set null,
  user_name text,
  device_id integer references devices on delete set null,
  device_name text,
  room_id integer references rooms on delete set null,
  room_name text,
  credential_type text,
  action text not null,
  outcome text not null,
  reason text,
  timestamp timestamptz(3) not null default now(),
  created_at timestamptz(3) not null default now()
);
-- Keyset paging, newest first: (timestamp, id) is unique and totally ordered.
create index access_logs_time_idx on access_logs (timestamp desc, id desc);
create index access_logs_user_time_idx on access_logs (user_id, timestamp desc, id desc);
create index access_logs_device_time_idx on access_logs (device_id, timestamp desc, id desc);
create index access_logs_room_time_idx on access_logs (room_id, timestamp desc, id desc);
