-- A group-room grant gets a version of its own (spec 3: every PUT honours If-Match):
-- PUT /api/groups/{id}/rooms/{roomId} changes the grant's schedule, and checks
-- If-Match against this. The list of a group's rooms carries it as grantUpdatedAt
-- (the items are rooms, whose updatedAt is the room's version).
alter table group_rooms add column updated_at timestamptz(3) not null default now();
create trigger group_rooms_set_updated_at before update on group_rooms
  for each row execute function set_updated_at();
