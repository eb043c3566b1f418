// What every tab of a user's, group's, room's or device's page shares (spec 1
// §2, spec 2 §2): the page title, its header and tab links, a toast when the
// read fails, and the states before there is anything to show: not a number
// or gone (404), made offline and not on this device, loading, failed. A thing
// created offline renders from the cached list row; once the server has made
// it, the page moves to its real id, on the same tab.
import { type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import Typography from "@mui/joy/Typography";
import { isNotFound } from "../api/api_error";
import { isSaved } from "../api/mutations";
import { usePending } from "../offline/use_outbox";
import { PageBody } from "./PageHeader";
import { usePageMeta } from "./page_meta";
import { type TabLink, TabLinks } from "./TabLinks";
import { useFailureToast } from "./use_failure_toast";

type Entity = { id: number };

/** A tab of the page: its link's label, the page title it gives, its path under the thing's own. */
export type EntityTab<T> = {
  label: string;
  screen: string;
  path: string;
  /** Whether the thing has this tab (a room's Utilization); false for a page outside the tab bar. */
  shown?: (entity: T) => boolean;
};

type Props<T extends Entity> = {
  /** The thing's own page ("/dash/user/5"). */
  base: (id: number) => string;
  tabs: EntityTab<T>[];
  /** The tab links' landmark name ("User sections"). */
  tabsLabel: string;
  /** The tab shown; a page outside the tab bar shows no bar. */
  current: string;
  /** The route's id (NaN when it is not a number). */
  id: number;
  /** The thing's own query (the list's row stands in while it loads). */
  query: { data?: T; error: unknown; isError: boolean };
  /** The outbox's name for the kind ("users"): a change to "users/5" keeps that page waiting. */
  kind: string;
  /** The saved things of that kind, read only while the page shows one made offline. */
  saved: T[] | undefined;
  /** Among the saved things, the one the server made of the one made offline. */
  made: (saved: T[], created: T) => T | undefined;
  texts: { loading: string; fetchFailed: string };
  notFound: ReactNode;
  /** What a 404 shows (by default `notFound`). */
  gone?: ReactNode;
  /** What another failure shows (by default the fetch-failed text). */
  failed?: ReactNode;
  header: (entity: T) => ReactNode;
  children: (entity: T) => ReactNode;
};

export function EntityLayout<T extends Entity>(props: Props<T>) {
  const { id, query, texts, tabs, current } = props;
  const tab = tabs.find((t) => t.label === current);
  usePageMeta(tab?.screen ?? current);
  const missing = isNotFound(query.error);
  useFailureToast(query.isError && !missing ? query.error : null, texts.fetchFailed);
  useFollowCreated(props, query.data);

  if (Number.isNaN(id) || missing) return props.gone ?? props.notFound;
  if (!query.data) {
    if (!isSaved(id)) return props.notFound;
    if (query.isError && props.failed) return props.failed;
    return <PageBody><Typography role="status">{query.isError ? texts.fetchFailed : texts.loading}</Typography></PageBody>;
  }
  const entity = query.data;
  const shown = tabs.filter((t) => t.shown?.(entity) ?? true);
  const links: TabLink[] = shown.map((t) => ({ label: t.label, to: `${props.base(entity.id)}${t.path}` }));
  return (
    <PageBody>
      {props.header(entity)}
      {shown.some((t) => t.label === current) && <TabLinks label={props.tabsLabel} tabs={links} current={current} />}
      {props.children(entity)}
    </PageBody>
  );
}

/** On a thing made offline: once the server has it (and nothing about it waits), go to its real page. */
function useFollowCreated<T extends Entity>({ id, kind, base, saved, made }: Props<T>, created: T | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = usePending(`${kind}/${id}`);
  useEffect(() => {
    if (Number.isNaN(id) || isSaved(id) || pending || !created || !saved) return;
    const real = made(saved.filter((e) => isSaved(e.id)), created);
    if (real) navigate(pathname.replace(base(id), base(real.id)), { replace: true });
  }, [id, base, pending, created, saved, made, navigate, pathname]);
}
