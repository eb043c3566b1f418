-- Last Lock locks decide alone, from the credentials put on them (lastlock.proto's
-- AssignCredential), so Threshold's rules reach them only when something takes off
-- and puts back what the rules say: the lock sync (integrations/lastlock/lock_sync.ts).
-- Every change that may alter what a lock should hold queues a pass over that lock
-- here, in the change's own transaction, whichever way it came (dashboard, SCIM, a
-- cascade, plain SQL). A pass reads the rules as they are when it runs, so most rows
-- only say "look again".
--
-- Deletes cascade away the rows that say which lock holds which credential
-- (device_credentials, lastlock_credentials: 002): before they go, a row keeps the
-- credential's Last Lock id under the lock's Last Lock number, so what Threshold put on
-- the lock still comes off.

create table lastlock_sync_queue (
  id bigint generated always as identity primary key,
  -- Last Lock's number for the lock, not devices.id: it outlives the device's row.
  last_lock_device_id integer not null,
  -- A credential Threshold put on this lock whose rows are gone (or moved on): it comes
  -- off unless the rules still want it there. Null: only "look again".
  provider_credential_id text,
  -- What happened, for the log.
  reason text not null,
  queued_at timestamptz(3) not null default now()
);
create index lastlock_sync_queue_lock_idx on lastlock_sync_queue (last_lock_device_id, id);

-- The locks Threshold looks after (approved Last Lock devices, and any lock with queued
-- rows), one row each, written only by the lock sync: a change only appends to the
-- queue, so admins' transactions never wait on each other here.
create table lastlock_lock_syncs (
  last_lock_device_id integer primary key,
  -- The pass under way: whose, and until when (a process that died mid-pass lets go then).
  lease uuid,
  leased_until timestamptz(3),
  -- The next pass whatever the queue holds: the periodic look for drift, or the retry
  -- after a failure.
  next_pass_at timestamptz(3) not null default now(),
  -- Passes failed in a row; while there are any, queued rows wait for next_pass_at too
  -- (the backoff).
  failures integer not null default 0,
  last_error text,
  last_pass_at timestamptz(3)
);

-- Queued rows wake the lock sync of every process once their transaction commits (its
-- poll would find them within a second anyway). Once per statement.
create function announce_lastlock_sync() returns trigger language plpgsql as $$
begin
  perform pg_notify('lastlock_sync', '');
  return null;
end $$;
create trigger lastlock_sync_queue_announce after insert on lastlock_sync_queue
  for each statement execute function announce_lastlock_sync();

-- A pass over every lock a credential is assigned to; with `provider_id`, that Last
-- Lock id comes off them unless still wanted.
create function lastlock_queue_credential_locks(credential integer, provider_id text, why text)
returns void language sql as $$
  insert into lastlock_sync_queue (last_lock_device_id, provider_credential_id, reason)
  select distinct d.last_lock_device_id, provider_id, why
  from device_credentials dc join devices d on d.id = dc.device_id
  where dc.credential_id = credential and d.last_lock_device_id is not null
$$;

-- Every Last Lock id Threshold assigned to a device, to come off its lock.
create function lastlock_queue_device_removals(device integer, lock_number integer, why text)
returns void language sql as $$
  insert into lastlock_sync_queue (last_lock_device_id, provider_credential_id, reason)
  select lock_number, c.provider_credential_id, why
  from device_credentials dc join lastlock_credentials c on c.id = dc.credential_id
  where dc.device_id = device and c.provider_credential_id is not null
$$;

-- A user deactivated or reactivated: the locks holding their credentials. (A deleted
-- user's credentials go by cascade, through the credentials' trigger below.)
create function lastlock_queue_user_change() returns trigger language plpgsql as $$
begin
  insert into lastlock_sync_queue (last_lock_device_id, reason)
  select distinct d.last_lock_device_id,
    case when new.is_active then 'user reactivated' else 'user deactivated' end
  from lastlock_credentials c
    join device_credentials dc on dc.credential_id = c.id
    join devices d on d.id = dc.device_id
  where c.user_id = new.id and d.last_lock_device_id is not null;
  return null;
end $$;
create trigger users_queue_lastlock_sync after update of is_active on users
  for each row when (old.is_active is distinct from new.is_active)
  execute function lastlock_queue_user_change();

create function lastlock_queue_credential_change() returns trigger language plpgsql as $$
begin
  -- Registered again (Last Lock had forgotten it): the old id may still be on the locks.
  if old.provider_credential_id is not null
    and old.provider_credential_id is distinct from new.provider_credential_id then
    perform lastlock_queue_credential_locks(new.id, old.provider_credential_id, 'credential registered again');
  end if;
  perform lastlock_queue_credential_locks(new.id, null, case
    when old.is_active and not new.is_active then 'credential deactivated'
    when new.is_active and not old.is_active then 'credential reactivated'
    else 'credential changed' end);
  return null;
end $$;
create trigger lastlock_credentials_queue_lastlock_sync
  after update of is_active, provider_credential_id, user_id on lastlock_credentials
  for each row when ((old.is_active, old.provider_credential_id, old.user_id)
    is distinct from (new.is_active, new.provider_credential_id, new.user_id))
  execute function lastlock_queue_credential_change();

-- Before the row goes, while its assignments can still be read. A deleted user's
-- credentials come here through the cascade, the user's row already gone.
create function lastlock_queue_credential_delete() returns trigger language plpgsql as $$
begin
  if old.provider_credential_id is not null then
    perform lastlock_queue_credential_locks(old.id, old.provider_credential_id,
      case when exists (select 1 from users where id = old.user_id)
        then 'credential deleted' else 'user deleted' end);
  end if;
  return old;
end $$;
create trigger lastlock_credentials_queue_lastlock_sync_on_delete before delete on lastlock_credentials
  for each row execute function lastlock_queue_credential_delete();

-- A device deactivated, reactivated, approved, moved between rooms (a deleted room
-- frees its devices: 002), or given another type or Last Lock number.
create function lastlock_queue_device_change() returns trigger language plpgsql as $$
begin
  if old.last_lock_device_id is not null
    and old.last_lock_device_id is distinct from new.last_lock_device_id then
    perform lastlock_queue_device_removals(old.id, old.last_lock_device_id, 'device given another Last Lock number');
  end if;
  if new.last_lock_device_id is not null then
    insert into lastlock_sync_queue (last_lock_device_id, reason)
    values (new.last_lock_device_id, case
      when old.is_active and not new.is_active then 'device deactivated'
      when new.is_active and not old.is_active then 'device reactivated'
      when old.room_id is distinct from new.room_id and new.room_id is null then 'device taken out of its room'
      when old.room_id is distinct from new.room_id then 'device moved to another room'
      when old.is_pending and not new.is_pending then 'device approved'
      else 'device changed' end);
  end if;
  return null;
end $$;
create trigger devices_queue_lastlock_sync
  after update of is_active, is_pending, room_id, type, last_lock_device_id on devices
  for each row when ((old.is_active, old.is_pending, old.room_id, old.type, old.last_lock_device_id)
    is distinct from (new.is_active, new.is_pending, new.room_id, new.type, new.last_lock_device_id))
  execute function lastlock_queue_device_change();

-- Before the row goes, while its assignments can still be read.
create function lastlock_queue_device_delete() returns trigger language plpgsql as $$
begin
  perform lastlock_queue_device_removals(old.id, old.last_lock_device_id, 'device deleted');
  return old;
end $$;
create trigger devices_queue_lastlock_sync_on_delete before delete on devices
  for each row when (old.last_lock_device_id is not null)
  execute function lastlock_queue_device_delete();

-- A room deactivated or reactivated: the locks in it.
create function lastlock_queue_room_change() returns trigger language plpgsql as $$
begin
  insert into lastlock_sync_queue (last_lock_device_id, reason)
  select last_lock_device_id, case when new.is_active then 'room reactivated' else 'room deactivated' end
  from devices where room_id = new.id and last_lock_device_id is not null;
  return null;
end $$;
create trigger rooms_queue_lastlock_sync after update of is_active on rooms
  for each row when (old.is_active is distinct from new.is_active)
  execute function lastlock_queue_room_change();

-- An assignment added, or removed by itself (the lock test page's Remove, plain SQL).
-- One removed by a cascade finds its lock or credential gone here: their own triggers
-- above kept what it named.
create function lastlock_queue_assignment_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into lastlock_sync_queue (last_lock_device_id, reason)
    select d.last_lock_device_id, 'credential assigned'
    from devices d where d.id = new.device_id and d.last_lock_device_id is not null;
  else
    insert into lastlock_sync_queue (last_lock_device_id, provider_credential_id, reason)
    select d.last_lock_device_id, c.provider_credential_id, 'assignment removed'
    from devices d, lastlock_credentials c
    where d.id = old.device_id and c.id = old.credential_id
      and d.last_lock_device_id is not null and c.provider_credential_id is not null;
  end if;
  return null;
end $$;
create trigger device_credentials_queue_lastlock_sync after insert or delete on device_credentials
  for each row execute function lastlock_queue_assignment_change();
