// The changes every kind of entity (users, groups, rooms, devices, schedules,
// holiday calendars) makes alike, for the features' changes.ts to build on: an
// edit's PUT with If-Match, a new row in the cached list, switching one on or
// off, deleting one. Each goes through the one mutation layer (useChange).
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type Change, type ChangeHandlers, type ChangeRequest, useChange, versionOf } from "./mutations";

type Entity = { id: number };

/** How a kind of entity lives on the server and in the cache. */
export type EntityKind<T extends Entity> = {
  /** Its collection: "/api/rooms"; one of them is "/api/rooms/{id}". */
  path: string;
  /** Its list's query. */
  list: QueryKey;
  /** Its own page's query. */
  detail: (id: number) => QueryKey;
  /** Applies a change to the entity wherever it is cached. */
  patch: (cache: QueryClient, id: number, patch: (entity: T) => T) => void;
};

/** A PUT of an edit, sent with If-Match on the version of the entity it was based on. */
export const editRequest = (path: string, entity: { id: number; updatedAt?: string | null }, body: unknown): ChangeRequest => ({
  method: "PUT",
  path,
  body,
  baseVersion: versionOf(entity),
});

/** A created row (with its temporary id) joins its list, kept in order when one is given, and stands as its own page. */
export function cacheCreated<T extends Entity>(
  cache: QueryClient,
  kind: EntityKind<T>,
  row: T,
  order?: (a: T, b: T) => number,
) {
  cache.setQueryData<T[]>(kind.list, (list) => {
    const rows = [...(list ?? []), row];
    return order ? rows.sort(order) : rows;
  });
  cache.setQueryData<T>(kind.detail(row.id), row);
}

type ChangeOf<T> = {
  describe: (entity: T) => string;
  affects: (entity: T) => QueryKey[];
  /** What else the change does to the cache at once. */
  also?: (cache: QueryClient, entity: T) => void;
};

/**
 * PATCH {path}/{id}/toggle-active: the entity is switched on or off at once. The
 * request names the state wanted, not a flip: sent late (queued offline) or from a
 * screen that was behind, it cannot switch back what another admin switched meanwhile.
 */
export const useToggleChange = <T extends Entity & { isActive: boolean }>(
  kind: EntityKind<T>,
  change: ChangeOf<T>,
  handlers: ChangeHandlers<T, T>,
) => useChange(toggleChange(kind, change), handlers);

function toggleChange<T extends Entity & { isActive: boolean }>(kind: EntityKind<T>, { describe, affects, also }: ChangeOf<T>): Change<T, T> {
  return {
    request: (entity) => ({ method: "PATCH", path: `${kind.path}/${entity.id}/toggle-active`, body: { isActive: !entity.isActive } }),
    describe,
    optimistic: (cache, entity) => {
      kind.patch(cache, entity.id, (e) => ({ ...e, isActive: !entity.isActive }));
      also?.(cache, entity);
    },
    affects,
  };
}

/** DELETE {path}/{id}: the entity leaves its list at once. */
export const useDeleteChange = <T extends Entity>(kind: EntityKind<T>, change: ChangeOf<T>, handlers: ChangeHandlers<T, unknown>) =>
  useChange(deleteChange(kind, change), handlers);

function deleteChange<T extends Entity>(kind: EntityKind<T>, { describe, affects, also }: ChangeOf<T>): Change<T, unknown> {
  return {
    request: (entity) => ({ method: "DELETE", path: `${kind.path}/${entity.id}` }),
    describe,
    optimistic: (cache, entity) => {
      also?.(cache, entity);
      cache.setQueryData<T[]>(kind.list, (list) => list?.filter((e) => e.id !== entity.id));
    },
    affects,
  };
}

/**
 * PUT {path}/{id} of an edit, with If-Match on the version it was based on: what
 * it sends is patched into the cached entity at once.
 */
export const useEditChange = <TVars, T extends Entity, B extends Partial<T>>(
  kind: EntityKind<T>,
  edit: Edit<TVars, T, B>,
  handlers: ChangeHandlers<TVars, T>,
) => useChange(editChange(kind, edit), handlers);

type Edit<TVars, T, B> = {
  /** The entity edited, as the screen had it. */
  entity: (vars: TVars) => T & { updatedAt?: string | null };
  /** What is sent: the entity's new fields. */
  body: (vars: TVars) => B;
  describe: (vars: TVars) => string;
  affects: (vars: TVars) => QueryKey[];
  /** What else the edit does to the cache at once, given what it sends. */
  also?: (cache: QueryClient, vars: TVars, body: B) => void;
};

function editChange<TVars, T extends Entity, B extends Partial<T>>(kind: EntityKind<T>, spec: Edit<TVars, T, B>): Change<TVars, T> {
  return {
    request: (vars) => {
      const entity = spec.entity(vars);
      return editRequest(`${kind.path}/${entity.id}`, entity, spec.body(vars));
    },
    describe: spec.describe,
    optimistic: (cache, vars) => {
      const body = spec.body(vars);
      kind.patch(cache, spec.entity(vars).id, (e) => ({ ...e, ...body }));
      spec.also?.(cache, vars, body);
    },
    affects: spec.affects,
  };
}
