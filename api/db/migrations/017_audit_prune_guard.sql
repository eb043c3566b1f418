-- Pruning the audit trail without a setting anyone can set (issue 14 review).
--
-- 014 let a DELETE through whenever the custom setting threshold.audit_prune_through
-- named the row's id or more, and any session of any role may set a custom setting:
-- a role granted DELETE on the table could remove events leaving no trace but the
-- chain's break. Now a DELETE stands only when the trail, as it is after the delete,
-- holds an `audit.prune` event, newer than every event the statement removed, whose
-- `through` is at or past them: whoever deletes must first write that event (through
-- the chain, like any other), and it stays, naming how far the trail was cut. No
-- setting or role is consulted, so nothing can be faked by a `set`. The check is one
-- per statement, on the statement's removed rows (a transition table).
--
-- What it cannot stop, like any trigger: the table's owner (the app's own database
-- role, which ran the migrations) or a superuser can disable or drop the triggers,
-- or delete as a replica session; /api/audit/verify then names the first event whose
-- hash or link no longer holds (docs/api.md, "Audit trail").
-- (Applied migrations are never edited: 014 stays as it was run.)

create or replace function audit_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit events cannot be changed or deleted'
    using errcode = 'insufficient_privilege';
end $$;

-- UPDATE and TRUNCATE are refused outright; DELETE is checked once the statement ran.
drop trigger audit_events_append_only on audit_events;
create trigger audit_events_append_only before update on audit_events
  for each row execute function audit_events_append_only();

create function audit_events_prune_check() returns trigger language plpgsql as $$
declare
  last_removed integer;
begin
  select max(id) into last_removed from removed;
  if last_removed is null then
    return null;
  end if;
  if not exists (
    select 1 from audit_events p
    where p.action = 'audit.prune'
      and p.id > last_removed
      and jsonb_typeof(p.changes -> 'through' -> 1) = 'number'
      and p.changes -> 'through' -> 1 >= to_jsonb(last_removed)
  ) then
    raise exception 'audit events cannot be changed or deleted'
      using errcode = 'insufficient_privilege',
        hint = 'npm run prune-audit writes the audit.prune event first';
  end if;
  return null;
end $$;

create trigger audit_events_prune_check after delete on audit_events
  referencing old table as removed
  for each statement execute function audit_events_prune_check();
