-- A device's last access attempt is the newest access-log row naming it, read through
-- access_logs_device_time_idx (api/devices/repo.ts), no longer a copy kept on the device.
-- Keeping the copy meant every access decision also updated and locked its door's row:
-- two thirds of the database's work for a decision, and concurrent decisions at one door
-- waiting on each other. The log already holds the attempt, so the copy goes.
alter table devices
  drop column last_access_attempt,
  drop column last_access_credential,
  drop column last_access_outcome;
