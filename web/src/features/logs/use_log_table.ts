// State of one access-log table: the search (sent once typing pauses), the
// "All Events" and "Filters" choices, keyset paging on the server, and on the
// first page new decisions as they are made (ui/live_rows.tsx). Each
// page is a query keyed by its URL, so pages seen online open offline too.
import { useRef, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveRows } from "../../ui/live_rows";
import { useDebouncedValue } from "../../ui/use_debounced_value";
import { useCursorWalk } from "../../ui/use_cursor_walk";
import { useFailureToast } from "../../ui/use_failure_toast";
import {
  csvExportUrl,
  EVENTS_KEY,
  LOG_PAGE_SIZE,
  type LogFilters,
  type LogPage,
  logPageUrl,
  NO_FILTERS,
  pagerLabel,
} from "./log_display";

export const FETCH_LOGS_FAILED = "Failed to fetch logs";
const DECISIONS = ["access.granted", "access.denied", "resync", "open"] as const;

export function useLogTable(basePath: string, limit = LOG_PAGE_SIZE) {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText);
  const [choices, setChoices] = useState<Omit<LogFilters, "search">>(NO_FILTERS);
  const filters: LogFilters = { ...choices, search };

  const walk = useCursorWalk(`${basePath}|${JSON.stringify(filters)}`);
  const pageIndex = walk.pageIndex;

  const url = logPageUrl(basePath, filters, walk.cursor, limit);
  const page = useQuery<LogPage>({
    queryKey: [url],
    placeholderData: keepPreviousData,
    // The log grows while people come and go: read it again whenever the table opens.
    staleTime: 0,
  });
  const events = useQuery<string[]>({ queryKey: EVENTS_KEY, staleTime: 0 });
  const cache = useQueryClient();
  const live = useLiveRows(
    DECISIONS,
    { url, topId: page.data?.items[0]?.id, read: () => void cache.invalidateQueries({ queryKey: [url] }) },
    pageIndex === 0,
  );

  const failed = page.isError && !page.isPlaceholderData;
  useFailureToast(failed ? page.error : null, FETCH_LOGS_FAILED);

  const data = page.data;
  // While the next page loads the pager keeps saying what is on screen.
  const label = useRef("");
  if (data && !page.isPlaceholderData) label.current = pagerLabel(pageIndex, limit, data);
  return {
    searchText,
    setSearchText,
    filters,
    setChoice: <K extends keyof typeof choices>(key: K, value: (typeof choices)[K]) =>
      setChoices((current) => ({ ...current, [key]: value })),
    clearFilters: () => setChoices((current) => ({ ...NO_FILTERS, event: current.event })),
    events: events.data ?? [],
    page: data,
    isLoading: page.isPending,
    isUpdating: page.isFetching,
    isError: failed,
    /** Rows of a page asked for under other filters are shown dimmed until the new ones arrive. */
    isStale: page.isPlaceholderData,
    pageIndex,
    pager: label.current || pagerLabel(pageIndex, limit, undefined),
    canPrevious: pageIndex > 0,
    canNext: Boolean(data?.nextCursor) && !page.isPlaceholderData,
    previous: walk.previous,
    next: () => walk.next(data?.nextCursor),
    exportUrl: csvExportUrl(basePath, filters),
    live,
  };
}
