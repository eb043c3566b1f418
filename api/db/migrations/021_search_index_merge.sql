-- The access-log search index (006) keeps new rows' trigrams in a pending list
-- (GIN fastupdate) and the insert that makes the list pass gin_pending_list_limit
-- merges the whole list into the index, stalling that access decision for up to
-- seconds (docs/operations.md, "With schedules"). With a limit no insert reaches in
-- practice, the merge happens in the background instead (jobs/search_index_merge.ts,
-- every 2 s), and inserts only ever append. 32 MB is about a minute of decisions at
-- the most a server answers; should the merge stop, inserts merge as before.
do $$
begin
  if to_regclass('access_logs_search_idx') is not null then
    alter index access_logs_search_idx set (gin_pending_list_limit = 32768);
  end if;
end
$$;
