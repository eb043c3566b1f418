// How the screens keep each kind of entity (users, groups, rooms, devices) in
// the cache: its list (GET /api/<things>) and each one's own page (GET
// /api/<things>/{id}). A page reads its own query and, while that loads (or
// offline, or right after an offline create), shows the list's row; a change
// patches the row and the page alike, so both follow at once.
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "./api_error";
import { isSaved } from "./mutations";

type Entity = { id: number };
/** What React Query accepts as placeholder data: anything but a function (its own NonFunctionGuard, spelt alike). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- must match React Query's type to the letter
type Data<T> = T extends Function ? never : T;

/** The entity's own query, with the list's row standing in. A NaN id (a bad address) asks nothing. */
export function useEntity<T extends Entity>(listKey: QueryKey, detailKey: (id: number) => QueryKey, id: number) {
  const cache = useQueryClient();
  const listRow = () => cache.getQueryData<T[]>(listKey)?.find((entity) => entity.id === id);
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey: detailKey(Number.isNaN(id) ? 0 : id),
    enabled: isSaved(id),
    placeholderData: () => listRow() as Data<T> | undefined,
  });
  // React Query drops placeholder data once the read fails (offline, on a page
  // never opened online): the list's row still stands in, so the page stays and
  // the failure shows as its toast. A 404 is the server saying it is gone.
  const row = query.isError && !isNotFound(query.error) && query.data === undefined ? listRow() : undefined;
  return row ? { ...query, data: row } : query;
}

/** Applies a change to the entity in its list and on its own page. */
export function patchCachedEntity<T extends Entity>(
  cache: QueryClient,
  keys: { list: QueryKey; detail: QueryKey },
  id: number,
  patch: (entity: T) => T,
) {
  cache.setQueryData<T[]>(keys.list, (list) => list?.map((entity) => (entity.id === id ? patch(entity) : entity)));
  cache.setQueryData<T>(keys.detail, (entity) => (entity ? patch(entity) : entity));
}
