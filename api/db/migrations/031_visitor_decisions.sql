-- Doors admit guests (spec 4 §5): a PIN at a keypad, a pass's code at a QR reader
-- (access/decisions.ts). A guest's log row names the visit, and the first one granted
-- is the guest's arrival.
alter table access_logs add column visit_id integer references visits on delete set null;
create index access_logs_visit_idx on access_logs (visit_id) where visit_id is not null;

-- Wrong PINs at a door; five within 60 seconds make it refuse PINs for 60 seconds
-- (pin_lockouts). Kept 10 minutes (jobs/housekeeping.ts).
create table pin_failures (
  device_id integer not null references devices on delete cascade,
  at timestamptz(3) not null default now()
);
create index pin_failures_device_idx on pin_failures (device_id, at);
create table pin_lockouts (
  device_id integer primary key references devices on delete cascade,
  until timestamptz(3) not null
);

-- The first entry granted to a visit's guest sets its arrival, whichever way the row
-- came (a live decision, or a controller's upload of one it made alone).
create function record_visit_arrival() returns trigger language plpgsql as $$
begin
  update visits set arrived_at = new.timestamp where id = new.visit_id and arrived_at is null;
  return null;
end $$;
create trigger access_logs_visit_arrival after insert on access_logs
  for each row when (new.visit_id is not null and new.outcome = 'success')
  execute function record_visit_arrival();
