-- Access-log reads (issue 5): search, filters and the "All Events" choice must answer
-- fast over a million rows, newest first, paged by (timestamp, id).

-- Search matches user name, device name, credential type and action as one text,
-- case-insensitively and anywhere in it (ILIKE '%…%'). A trigram index answers that
-- without reading every row; pg_trgm ships with PostgreSQL but not with the embedded
-- PGlite build, where the (small) table is scanned instead. The expression must stay
-- identical to the one in api/logs/query.ts for the planner to use the index.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index access_logs_search_idx on access_logs using gin ((
      coalesce(user_name, '') || E'\n' || coalesce(device_name, '') || E'\n' ||
      coalesce(credential_type, '') || E'\n' || action
    ) gin_trgm_ops);
    -- The planner estimates how many rows a pattern matches from this expression's
    -- statistics; the default sample makes a common name look rare, and then it reads
    -- thousands of matches through the index instead of stopping at the first page.
    alter index access_logs_search_idx alter column 1 set statistics 500;
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm unavailable (%); log search scans instead', sqlerrm;
end
$$;

-- The event (action) filter, newest first; the same index lists the distinct actions
-- for the "All Events" choice with a skip scan. (The outcome filter needs none: denied
-- and success are both common enough for the time index to find a page quickly.)
create index access_logs_action_time_idx on access_logs (action, timestamp desc, id desc);

-- A group's log is its members' events in its rooms: the user index also carries
-- room_id, so counting those events reads the index only.
create index access_logs_user_time_room_idx on access_logs (user_id, timestamp desc, id desc)
  include (room_id);
drop index access_logs_user_time_idx;
