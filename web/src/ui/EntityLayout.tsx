// What every tab of a user's, group's, room's or device's page shares (spec 1
// §2, spec 2 §2): the page title, its header and tab links, a toast when the
// read fails, and the states before there is anything to show: not a number
// or gone (404), made offline and not on this device, loading, failed. A thing
// created offline renders from the cached list row; once the server has made
// it, the page moves to its real id, on the same tab.
import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import Typography from "@mui/joy/Typography";
import { isNotFound } from "../api/api_error";
import { isSaved } from "../api/mutations";
import { usePending } from "../offline/use_outbox";
import { NotFoundCard } from "./EntityHeader";
import { PageBody } from "./PageHeader";
import { usePageMeta } from "./page_meta";
import { type TabLink, TabLinks } from "./TabLinks";
import { useFailureToast } from "./use_failure_toast";
import { useRouteId } from "./use_route_id";

type Entity = { id: number };

/** A tab of the page: its link's label, the page title it gives, its path under the thing's own. */
export type EntityTab<T> = {
  label: string;
  screen: string;
  path: string;
  /** Whether the thing has this tab (a room's Utilization); false for a page outside the tab bar. */
  shown?: (entity: T) => boolean;
};

/** The tabs of a page with no tab bar: its one tab only names the page ("Threshold - Schedule"). */
export const pageOnly = <T,>(screen: string): EntityTab<T>[] => [{ label: screen, screen, path: "", shown: () => false }];

/** What every page of one kind of thing shares: where it lives, its tabs, how it is read, what it says. */
export type EntityPages<T> = {
  /** The outbox's name for the kind ("users"): a change to "users/5" keeps that page waiting. */
  kind: string;
  /** The list: the way back from the header and from "not found" ("Back to Users"). */
  list: { to: string; label: string };
  /** The thing's own page ("/dash/user/5"). */
  pageOf: (id: number) => string;
  /** The tabs, Overview first; its page title names the tab links' landmark ("User sections"). */
  tabs: EntityTab<T>[];
  /** How it is read: the thing's own query (the list's row stands in while it loads), and the saved things of that kind (read only while enabled). */
  read: { one: (id: number) => { data?: T; error: unknown; isError: boolean }; all: (enabled: boolean) => { data?: T[] } };
  /** Among the saved things, the one the server made of the one made offline. */
  made: (saved: T[], created: T) => T | undefined;
  texts: { loading: string; fetchFailed: string; notFound: string; notFoundText?: string };
};

type Props<T extends Entity> = {
  pages: EntityPages<T>;
  /** The tab shown; a page outside the tab bar shows no bar. */
  current: string;
  /** A 404 goes back to the list (by default it shows "not found"). */
  goneToList?: boolean;
  /** Another failure shows "not found" too (by default the fetch-failed text). */
  failedIsNotFound?: boolean;
  header: (entity: T) => ReactNode;
  children: (entity: T) => ReactNode;
};

export function EntityLayout<T extends Entity>({ pages, current, goneToList, failedIsNotFound, header, children }: Props<T>) {
  const { tabs, texts, list } = pages;
  const { one: useOne, all: useAll } = pages.read;
  const id = useRouteId();
  const query = useOne(id);
  const saved = useAll(!Number.isNaN(id) && !isSaved(id)).data;
  const tab = tabs.find((t) => t.label === current);
  usePageMeta(tab?.screen ?? current);
  const missing = isNotFound(query.error);
  useFailureToast(query.isError && !missing ? query.error : null, texts.fetchFailed);
  useFollowCreated(pages, id, saved, query.data);

  const notFound = <NotFoundCard title={texts.notFound} text={texts.notFoundText} back={{ to: list.to, label: `Back to ${list.label}` }} />;
  if (Number.isNaN(id) || missing) return goneToList ? <Navigate to={list.to} replace /> : notFound;
  if (!query.data) {
    if (!isSaved(id)) return notFound;
    if (query.isError && failedIsNotFound) return notFound;
    return <PageBody><Typography role="status">{query.isError ? texts.fetchFailed : texts.loading}</Typography></PageBody>;
  }
  const entity = query.data;
  const shown = tabs.filter((t) => t.shown?.(entity) ?? true);
  const links: TabLink[] = shown.map((t) => ({ label: t.label, to: `${pages.pageOf(entity.id)}${t.path}` }));
  return (
    <PageBody>
      {header(entity)}
      {shown.some((t) => t.label === current) && <TabLinks label={`${tabs[0].screen} sections`} tabs={links} current={current} />}
      {children(entity)}
    </PageBody>
  );
}

/** On a thing made offline: once the server has it (and nothing about it waits), go to its real page. */
function useFollowCreated<T extends Entity>({ kind, pageOf: base, made }: EntityPages<T>, id: number, saved: T[] | undefined, created: T | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = usePending(`${kind}/${id}`);
  useEffect(() => {
    if (Number.isNaN(id) || isSaved(id) || pending || !created || !saved) return;
    const real = made(saved.filter((e) => isSaved(e.id)), created);
    if (real) navigate(pathname.replace(base(id), base(real.id)), { replace: true });
  }, [id, base, pending, created, saved, made, navigate, pathname]);
}
