-- The generation of the rooms' parts of the access lists (access/room_parts.ts):
-- who may pass a room, with what credentials, on which schedules. Each API process
-- keeps the parts it has worked out and serves every door of a room from them, as
-- long as the generation it read with the door's device row is theirs; any change to
-- what a part is made of moves the generation on. A process's own notification
-- (access_lists, 018) could arrive after a door, told of the change by another
-- process, fetches its list from this one: the generation is read in the database,
-- so no process ever serves a part older than the change.
-- Lockdowns and devices are outside the parts (each door's own head of its list):
-- they leave the generation as it is.
create table access_list_generation (
  only_row boolean primary key default true check (only_row),
  generation bigint not null default 0,
  -- The transaction that last moved it: one move per transaction, however many rows.
  moved_by xid8
);
insert into access_list_generation default values;

-- Deferred to the commit, the row's lock is the last a transaction takes and is held
-- only while it commits: transactions that change users or groups never wait on each
-- other for it in the middle of their work, and cannot deadlock over it.
create function move_access_list_generation() returns trigger language plpgsql as $$
begin
  update access_list_generation set generation = generation + 1, moved_by = pg_current_xact_id()
  where moved_by is distinct from pg_current_xact_id();
  return null;
end $$;

create constraint trigger users_move_access_list_generation
  after delete or update of is_active, first_name, last_name, email on users
  deferrable initially deferred for each row execute function move_access_list_generation();
create constraint trigger passkeys_move_access_list_generation
  after insert or delete or update of credential_id, user_id on passkeys
  deferrable initially deferred for each row execute function move_access_list_generation();
do $$
declare t text;
begin
  foreach t in array array['groups', 'user_groups', 'group_rooms', 'rooms',
    'user_credentials', 'lastlock_credentials', 'schedules', 'holiday_calendars']
  loop
    execute format('create constraint trigger %I after insert or update or delete on %I
      deferrable initially deferred for each row execute function move_access_list_generation()',
      t || '_move_access_list_generation', t);
  end loop;
end $$;
