// State of one access-log table: the search (sent once typing pauses), the
// "All Events" and "Filters" choices, and keyset paging on the server. Each
// page is a query keyed by its URL, so pages seen online open offline too.
import { useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../../ui/use_debounced_value";
import { toast } from "../../ui/toast/toast";
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

export function useLogTable(basePath: string, limit = LOG_PAGE_SIZE) {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText);
  const [choices, setChoices] = useState<Omit<LogFilters, "search">>(NO_FILTERS);
  const filters: LogFilters = { ...choices, search };

  // Cursors of the pages walked through; new filters start again at page one.
  const filterKey = `${basePath}|${JSON.stringify(filters)}`;
  const [walk, setWalk] = useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = walk.key === filterKey ? walk.cursors : [null];
  const pageIndex = cursors.length - 1;

  const url = logPageUrl(basePath, filters, cursors[pageIndex], limit);
  const page = useQuery<LogPage>({
    queryKey: [url],
    placeholderData: keepPreviousData,
    // The log grows while people come and go: read it again whenever the table opens.
    staleTime: 0,
  });
  const events = useQuery<string[]>({ queryKey: EVENTS_KEY, staleTime: 0 });

  const failed = page.isError && !page.isPlaceholderData;
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!failed || toasted.current === page.error) return;
    toasted.current = page.error;
    toast({ title: FETCH_LOGS_FAILED, variant: "destructive" });
  }, [failed, page.error]);

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
    previous: () => setWalk({ key: filterKey, cursors: cursors.slice(0, -1) }),
    next: () => {
      if (data?.nextCursor) setWalk({ key: filterKey, cursors: [...cursors, data.nextCursor] });
    },
    exportUrl: csvExportUrl(basePath, filters),
  };
}
