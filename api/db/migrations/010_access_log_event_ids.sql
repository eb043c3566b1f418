-- Only events uploaded by controllers carry an event id (migration 009); the
-- decisions the server makes, nearly every row, need no entry in its index.
drop index access_logs_event_id_key;
create unique index access_logs_event_id_key on access_logs (event_id) where event_id is not null;
