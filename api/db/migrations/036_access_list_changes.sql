-- What each generation of the access lists' people (022) changed, so a door that
-- holds its list as of one generation can be sent what changed since instead of the
-- whole list (issue 33, access/list_changes.ts): the users whose entries may differ
-- (their row, memberships, credentials, passkeys, wallet passes), the groups whose
-- members' entries may differ (active, lockdown override, the rooms they hold), and
-- whether room-level things moved (rooms' unlock schedules, schedules, holiday
-- calendars, grants), which are sent whole.
--
-- Written by statement triggers over the statement's transition tables (which
-- PostgreSQL allows only without column lists: each compares old and new itself): one row per
-- statement, however many rows it touched (a 1,000-member import is one row, not a
-- thousand), stamped with the generation its transaction moves to at commit (022's
-- deferred trigger stamps the rows written before it runs; a statement after it,
-- from another deferred trigger, reads the generation already moved).
create table access_list_changes (
  generation bigint,
  xid xid8 not null default pg_current_xact_id(),
  user_ids int[] not null default '{}',
  group_ids int[] not null default '{}',
  room_level boolean not null default false,
  at timestamptz not null default now()
);
create index access_list_changes_generation_idx on access_list_changes (generation);
create index access_list_changes_unstamped_idx on access_list_changes (xid) where generation is null;

-- Changes are kept for a day (jobs/housekeeping.ts); every change after this
-- generation is in the log, so a door holding an older list is sent the whole list.
-- There is no log of what came before this migration.
alter table access_list_generation add column changes_after bigint;
update access_list_generation set changes_after = generation;
alter table access_list_generation alter column changes_after set not null;

create or replace function move_access_list_generation() returns trigger language plpgsql as $$
declare
  moved bigint;
begin
  update access_list_generation set generation = generation + 1, moved_by = pg_current_xact_id()
  where moved_by is distinct from pg_current_xact_id()
  returning generation into moved;
  if found then
    update access_list_changes set generation = moved where xid = pg_current_xact_id() and generation is null;
  end if;
  return null;
end $$;

-- One row of the log, unless the statement touched nothing that matters.
create function record_access_list_change(users int[], groups int[], room_level boolean) returns void
language sql as $$
  insert into access_list_changes (generation, user_ids, group_ids, room_level)
  select (select generation from access_list_generation where moved_by = pg_current_xact_id()),
         coalesce(users, '{}'), coalesce(groups, '{}'), room_level
  where cardinality(users) > 0 or cardinality(groups) > 0 or room_level
$$;

-- The rows a statement touched, old and new, by the column named in the trigger's
-- argument (user_id, group_id): a transition table exists only for the events that
-- have it, so each event has its own trigger and the function reads what it has.
create function access_list_touched_ids() returns trigger language plpgsql as $$
declare
  ids int[];
begin
  if tg_op = 'INSERT' then
    execute format('select array_agg(distinct %I) from new_rows', tg_argv[0]) into ids;
  elsif tg_op = 'DELETE' then
    execute format('select array_agg(distinct %I) from old_rows', tg_argv[0]) into ids;
  else
    execute format('select array_agg(distinct id) from (select %1$I as id from old_rows union select %1$I from new_rows) t',
      tg_argv[0]) into ids;
  end if;
  if tg_argv[0] = 'user_id' then
    perform record_access_list_change(ids, null, false);
  else
    -- group_rooms: its members' entries, and the room's schedules (its grants').
    perform record_access_list_change(null, ids, true);
  end if;
  return null;
end $$;

do $$
declare t text;
begin
  foreach t in array array['user_groups', 'user_credentials', 'lastlock_credentials', 'group_rooms'] loop
    execute format('create trigger %1$I after insert on %2$I referencing new table as new_rows
        for each statement execute function access_list_touched_ids(%3$L)', t || '_log_inserts', t,
      case t when 'group_rooms' then 'group_id' else 'user_id' end);
    execute format('create trigger %1$I after update on %2$I referencing old table as old_rows new table as new_rows
        for each statement execute function access_list_touched_ids(%3$L)', t || '_log_updates', t,
      case t when 'group_rooms' then 'group_id' else 'user_id' end);
    execute format('create trigger %1$I after delete on %2$I referencing old table as old_rows
        for each statement execute function access_list_touched_ids(%3$L)', t || '_log_deletes', t,
      case t when 'group_rooms' then 'group_id' else 'user_id' end);
  end loop;
end $$;

-- Passkeys: as 022, only their credential id and owner matter (not the counter each
-- sign-in moves): an update logs the owners of the rows where those differ.
create function access_list_passkeys_changed() returns trigger language plpgsql as $$
begin
  -- Each branch reads only the transition tables its event has (a query naming one
  -- it has not fails, even in a branch not taken).
  if tg_op = 'INSERT' then
    perform record_access_list_change((select array_agg(distinct user_id) from new_rows), null, false);
  elsif tg_op = 'DELETE' then
    perform record_access_list_change((select array_agg(distinct user_id) from old_rows), null, false);
  else
    perform record_access_list_change((select array_agg(distinct t.user_id) from (
      select o.user_id from old_rows o join new_rows n using (id)
        where (n.credential_id, n.user_id) is distinct from (o.credential_id, o.user_id)
      union
      select n.user_id from old_rows o join new_rows n using (id)
        where (n.credential_id, n.user_id) is distinct from (o.credential_id, o.user_id)) t), null, false);
  end if;
  return null;
end $$;
create trigger passkeys_log_inserts after insert on passkeys referencing new table as new_rows
  for each statement execute function access_list_passkeys_changed();
create trigger passkeys_log_updates after update on passkeys referencing old table as old_rows new table as new_rows
  for each statement execute function access_list_passkeys_changed();
create trigger passkeys_log_deletes after delete on passkeys referencing old table as old_rows
  for each statement execute function access_list_passkeys_changed();

-- Users: a name (or the e-mail it falls back to) or being active, when it differs;
-- a deleted user (whose memberships and credentials go too, each logging itself).
create function access_list_users_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform record_access_list_change((select array_agg(id) from old_rows), null, false);
  else
    perform record_access_list_change((select array_agg(n.id) from new_rows n join old_rows o using (id)
      where (n.is_active, n.first_name, n.last_name, n.email) is distinct from (o.is_active, o.first_name, o.last_name, o.email)),
      null, false);
  end if;
  return null;
end $$;
create trigger users_log_updates after update on users
  referencing old table as old_rows new table as new_rows
  for each statement execute function access_list_users_changed();
create trigger users_log_deletes after delete on users referencing old table as old_rows
  for each statement execute function access_list_users_changed();

-- Groups: being active (which also takes their grants' schedules in or out of the
-- rooms' lists) and the lockdown override, when they differ. A new group has no
-- members or rooms yet; a deleted one's memberships and grants log themselves.
create function access_list_groups_changed() returns trigger language plpgsql as $$
begin
  perform record_access_list_change(null,
    (select array_agg(n.id) from new_rows n join old_rows o using (id)
      where (n.is_active, n.lockdown_override) is distinct from (o.is_active, o.lockdown_override)),
    exists (select 1 from new_rows n join old_rows o using (id) where n.is_active is distinct from o.is_active));
  return null;
end $$;
create trigger groups_log_updates after update on groups
  referencing old table as old_rows new table as new_rows
  for each statement execute function access_list_groups_changed();

-- Room level: a room's unlock schedule, when it differs; any schedule or holiday
-- calendar a statement touched.
create function access_list_room_level_changed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'rooms' then
    perform record_access_list_change(null, null, exists (select 1 from new_rows n join old_rows o using (id)
      where n.unlock_schedule_id is distinct from o.unlock_schedule_id));
  elsif tg_op = 'DELETE' then
    perform record_access_list_change(null, null, exists (select 1 from old_rows));
  else
    perform record_access_list_change(null, null, exists (select 1 from new_rows));
  end if;
  return null;
end $$;
create trigger rooms_log_updates after update on rooms
  referencing old table as old_rows new table as new_rows
  for each statement execute function access_list_room_level_changed();
do $$
declare t text;
begin
  foreach t in array array['schedules', 'holiday_calendars'] loop
    execute format('create trigger %1$I after insert on %2$I referencing new table as new_rows
      for each statement execute function access_list_room_level_changed()', t || '_log_inserts', t);
    execute format('create trigger %1$I after update on %2$I referencing old table as old_rows new table as new_rows
      for each statement execute function access_list_room_level_changed()', t || '_log_updates', t);
    execute format('create trigger %1$I after delete on %2$I referencing old table as old_rows
      for each statement execute function access_list_room_level_changed()', t || '_log_deletes', t);
  end loop;
end $$;
