// State of the audit screen: the search (sent once typing pauses), the action and
// date filters, one thing's history when the address names it, keyset paging on
// the server, and the integrity check. Each page is a query keyed by its URL, so
// pages seen online open offline too.
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveRows } from "../../ui/live_rows";
import { call } from "../../api/client";
import { serverMessage } from "../../api/api_error";
import { useDebouncedValue } from "../../ui/use_debounced_value";
import { useCursorWalk } from "../../ui/use_cursor_walk";
import { useFailureToast } from "../../ui/use_failure_toast";
import {
  AUDIT_ACTIONS_KEY,
  AUDIT_TEXTS,
  auditExportUrl,
  type AuditFilters,
  type AuditPage,
  auditPageUrl,
  type AuditVerification,
  filtersFromSearch,
  verificationText,
} from "./audit_display";

type Choices = Omit<AuditFilters, "search">;
const ADMIN_CHANGES = ["admin.change", "resync", "open"] as const;
type Verdict = { ok: boolean; text: string };

export function useAuditTable() {
  const { search: address } = useLocation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText);
  const [choices, setChoices] = useState<Choices>(() => filtersFromSearch(address));
  // "View history" from another page while this one is open: follow the address.
  useEffect(() => setChoices(filtersFromSearch(address)), [address]);
  const filters: AuditFilters = { ...choices, search };

  const walk = useCursorWalk(JSON.stringify(filters));
  const page = useQuery<AuditPage>({
    queryKey: [auditPageUrl(filters, walk.cursor)],
    placeholderData: keepPreviousData,
    // Changes keep coming: read it again whenever the screen opens.
    staleTime: 0,
  });
  const actions = useQuery<string[]>({ queryKey: AUDIT_ACTIONS_KEY, staleTime: 0 });
  const cache = useQueryClient();
  const pageKey = auditPageUrl(filters, walk.cursor);
  // New events come in at the top of the first page (ui/live_rows.tsx).
  const live = useLiveRows(
    ADMIN_CHANGES,
    { url: pageKey, topId: page.data?.items[0]?.id, read: () => void cache.invalidateQueries({ queryKey: [pageKey] }) },
    walk.pageIndex === 0,
  );

  const failed = page.isError && !page.isPlaceholderData;
  useFailureToast(failed ? page.error : null, AUDIT_TEXTS.fetchFailed);

  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [verifying, setVerifying] = useState(false);
  async function verify() {
    setVerifying(true);
    try {
      const result = await call<AuditVerification>("GET", "/api/audit/verify");
      setVerdict({ ok: result.ok, text: verificationText(result) });
    } catch (error) {
      setVerdict({ ok: false, text: `${AUDIT_TEXTS.verifyFailed}: ${serverMessage(error, "no answer")}` });
    } finally {
      setVerifying(false);
    }
  }

  const data = page.data;
  return {
    live,
    searchText,
    setSearchText,
    filters,
    setChoice: <K extends keyof Choices>(key: K, value: Choices[K]) =>
      setChoices((current) => ({ ...current, [key]: value })),
    /** Back to every event: the thing's history, the action and the dates cleared. */
    clearChoices: () => setChoices(filtersFromSearch("")),
    actions: actions.data ?? [],
    page: data,
    isLoading: page.isPending,
    isUpdating: page.isFetching,
    isError: failed,
    isStale: page.isPlaceholderData,
    pageNumber: walk.pageIndex + 1,
    canPrevious: walk.pageIndex > 0,
    canNext: Boolean(data?.nextCursor) && !page.isPlaceholderData,
    previous: walk.previous,
    next: () => walk.next(data?.nextCursor),
    exportUrl: auditExportUrl(filters),
    verify,
    verifying,
    verdict,
  };
}
