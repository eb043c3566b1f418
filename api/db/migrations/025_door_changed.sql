-- door.changed (spec 4 §1; issue 27): one door's entry on the Doors board moved (its
-- position, connection, list or alarm). For the dashboards' live streams only: no
-- webhook hears it (it is not among the types they may subscribe to, and an endpoint
-- subscribed to everything gets everything else), and, like a decision, it is not
-- announced (NOTIFY serializes commits; doors report often): the streams' short poll
-- picks it up.
create or replace function fan_out_event() returns trigger language plpgsql as $$
begin
  if new.type not in ('webhook.test', 'door.changed') then
    insert into webhook_deliveries (webhook_id, event_id)
      select w.id, new.id from webhooks w
      where w.is_active and (cardinality(w.event_types) = 0 or new.type = any(w.event_types));
  end if;
  if new.type not like 'access.%' and new.type <> 'door.changed' then
    perform pg_notify('events', new.id::text);
  end if;
  return null;
end $$;

-- An alarm raised, acknowledged or resolved moves its door's entry (its alarm).
create function record_alarm_door_changed() returns trigger language plpgsql as $$
begin
  if new.device_id is not null then
    insert into events (type, subject_id) values ('door.changed', new.device_id);
  end if;
  return null;
end $$;
create trigger alarms_record_door_changed after insert or update on alarms
  for each row execute function record_alarm_door_changed();
