-- What a door reports (its last access attempt) and its key must not move a device's
-- version (migration 009). That trigger decided so by comparing the whole old and new
-- rows as JSON on every update: a third of the database's work per access decision.
-- Now it fires only for updates that set a column a person or an integration changes,
-- and then only if the row really changed; a decision's update (last access only) and
-- a key change skip it without evaluating anything. migrate_test.ts checks that every
-- other column is listed here, so a new column moves the version unless named there.
drop trigger devices_set_updated_at on devices;
create trigger devices_set_updated_at
  before update of name, device_id, type, manufacturer, room_id, is_active, is_pending,
    density_space_id, density_api_token, density_client_id, density_client_secret,
    density_auth_type, last_lock_device_id, last_lock_description, last_lock_time_created,
    credential_count, last_sync, unifi_device_id, unifi_model, unifi_ip, unifi_mac,
    unifi_is_online, last_seen, firmware, camera_specs, sensor_specs, created_at
  on devices
  for each row when (old is distinct from new)
  execute function set_updated_at();
