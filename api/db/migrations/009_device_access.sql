-- Doors and readers (issue 8): device API keys, idempotent upload of decisions a
-- controller made offline, and what the decision path and the access list read.

-- A device authenticates with its own API key. Only the key's SHA-256 (hex) is kept;
-- the key itself is shown once, when it is made. Looked up by that hash, so the
-- lookup reveals nothing about the key; unique, so one key names one device.
alter table devices add column api_key_hash text;
alter table devices add column api_key_created_at timestamptz(3); -- when the current key was made
alter table devices add column api_key_rotated_at timestamptz(3); -- when a key last replaced another
-- The demo door simulator made this key (and may replace it after a restart, having
-- lost it); a key an admin makes is never touched by the simulator.
alter table devices add column api_key_simulated boolean not null default false;
create unique index devices_api_key_hash_key on devices (api_key_hash);

-- updated_at is the version a person's edit is checked against (If-Match). What a
-- door reports (its last access attempt) and its key are not part of what a person
-- edits: changing only those must not move the version, or every badge swipe would
-- turn an admin's save into a conflict.
drop trigger devices_set_updated_at on devices;
create trigger devices_set_updated_at before update on devices
  for each row when (
    (to_jsonb(old) - array['last_access_attempt', 'last_access_credential', 'last_access_outcome',
      'api_key_hash', 'api_key_created_at', 'api_key_rotated_at', 'api_key_simulated',
      'updated_at'])
    is distinct from
    (to_jsonb(new) - array['last_access_attempt', 'last_access_credential', 'last_access_outcome',
      'api_key_hash', 'api_key_created_at', 'api_key_rotated_at', 'api_key_simulated',
      'updated_at'])
  )
  execute function set_updated_at();

-- A controller's own id for a decision it made offline: uploading the same event
-- twice logs it once. Null for decisions the server made.
alter table access_logs add column event_id uuid;
create unique index access_logs_event_id_key on access_logs (event_id);

-- A wallet pass is presented by its id, which is the Last Lock credential's data.
create index lastlock_credentials_wallet_idx on lastlock_credentials using hash (credential_data)
  where credential_type = 'APPLE_WALLET';
