-- A Last Lock device's description is editable here (spec 2 §3), but Last Lock has no
-- call to take it, and discovery wrote Last Lock's over it every time: an admin's
-- words were lost at the next Discover. Discovery now takes Last Lock's description
-- only while the one here is still the one Last Lock last reported
-- (integrations/lastlock/repo.ts saveDiscovered).
alter table devices add column last_lock_reported_description text;
-- What is there now is taken as Last Lock's: until now nothing else could stay there.
update devices set last_lock_reported_description = last_lock_description where last_lock_device_id is not null;

-- Like every column but the key's (011), it moves the device's version.
drop trigger devices_set_updated_at on devices;
create trigger devices_set_updated_at
  before update of name, device_id, type, manufacturer, room_id, is_active, is_pending,
    density_space_id, density_api_token, density_client_id, density_client_secret,
    density_auth_type, last_lock_device_id, last_lock_description, last_lock_time_created,
    credential_count, last_sync, unifi_device_id, unifi_model, unifi_ip, unifi_mac,
    unifi_is_online, last_seen, firmware, camera_specs, sensor_specs, created_at,
    last_lock_reported_description
  on devices
  for each row when (old is distinct from new)
  execute function set_updated_at();
