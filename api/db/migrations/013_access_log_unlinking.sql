-- The access log keeps who, where and which door by name, and links them by id while
-- they exist. Those links were foreign keys, and a foreign key makes every log insert
-- check and lock (FOR KEY SHARE) the user's, the device's and the room's rows: three
-- more lookups and three row locks for each access decision, and concurrent decisions
-- at one door sharing a lock on its row. A log row is a record of what happened, not
-- a reference that must stay valid, so the links are now kept by triggers instead:
-- deleting a user, device or room unlinks its log rows (the name stays), as
-- "on delete set null" did. The difference: a decision made in the very moment its
-- user is deleted may keep that user's (never reused) id, and still its name.
alter table access_logs
  drop constraint access_logs_user_id_fkey,
  drop constraint access_logs_device_id_fkey,
  drop constraint access_logs_room_id_fkey;

create function unlink_access_logs() returns trigger language plpgsql as $$
begin
  -- One statement per deletion however many rows it deletes; each column has an index.
  case tg_table_name
    when 'users' then
      update access_logs set user_id = null where user_id in (select id from gone);
    when 'devices' then
      update access_logs set device_id = null where device_id in (select id from gone);
    when 'rooms' then
      update access_logs set room_id = null where room_id in (select id from gone);
  end case;
  return null;
end $$;

create trigger users_unlink_access_logs after delete on users
  referencing old table as gone for each statement execute function unlink_access_logs();
create trigger devices_unlink_access_logs after delete on devices
  referencing old table as gone for each statement execute function unlink_access_logs();
create trigger rooms_unlink_access_logs after delete on rooms
  referencing old table as gone for each statement execute function unlink_access_logs();
