-- A guest's arrival (spec 4 §5): the first granted entry sets arrived_at (031), and
-- now also writes the visit.arrived event (webhooks, the dashboards' live stream);
-- the host's e-mail and push are written once by whichever process claims the visit
-- (visits/arrival_notices.ts), which stamps arrival_noticed_at.
alter table visits add column arrival_noticed_at timestamptz(3);
create index visits_arrived_unnoticed_idx on visits (arrived_at) where arrival_noticed_at is null and arrived_at is not null;

create or replace function record_visit_arrival() returns trigger language plpgsql as $$
begin
  update visits set arrived_at = new.timestamp where id = new.visit_id and arrived_at is null;
  if found then
    insert into events (type, subject_id) values ('visit.arrived', new.visit_id);
  end if;
  return null;
end $$;
