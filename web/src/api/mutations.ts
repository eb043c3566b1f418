// The one mutation layer every admin change goes through. A screen describes a
// change (its request, what it optimistically does to cached data, what it
// affects); this layer writes it to the outbox together with that optimistic
// update, and the outbox sends it with an Idempotency-Key made when the user
// acted and If-Match for edits. Online the screen gets the server's answer;
// offline (or when the connection drops) the change waits in the outbox and
// the screen gets { queued: true }.
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { submit } from "../offline/outbox";
import { newTempId } from "../offline/outbox_rules";

export type ChangeRequest = {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** The updatedAt the edit was based on; sent as If-Match (412 when stale). */
  baseVersion?: string;
  /**
   * The field of the answer (and of a 412's current) holding the version, when it
   * is not updatedAt: a grant's is grantUpdatedAt, its answer being the room.
   */
  versionField?: string;
};

export type Change<TVars, TResult = unknown> = {
  /** tempId is the id a created entity carries until the server names it. */
  request: (vars: TVars, tempId: number) => ChangeRequest;
  /** What the user did, in words, for the list of waiting changes. */
  describe: (vars: TVars) => string;
  /** Edits cached query data at once, before the server answers. */
  optimistic?: (cache: QueryClient, vars: TVars, tempId: number) => void;
  /** Queries the change may alter: snapshotted for undo, refetched after. */
  affects: (vars: TVars, tempId: number) => QueryKey[];
  /** The change creates an entity: later changes to tempId are rewritten to its real id. */
  creates?: boolean;
  /**
   * The API passes this change on to an integration: its 502/504 (service down,
   * garbage, too slow) is a refusal the screen shows, not a reason to retry.
   */
  gatewayFails?: boolean;
  /** Shapes the server's answer (parsed body, HTTP status) into the result; default: the body. */
  answer?: (body: unknown, status: number) => TResult;
};

/** What a screen gets back when its change waits in the outbox. */
export type Queued = { queued: true; id?: number };
export const isQueued = (value: unknown): value is Queued =>
  typeof value === "object" && value !== null && (value as Queued).queued === true;

/** What a screen does when its change is done (or queued) and when it is refused. */
export type ChangeHandlers<TVars, TResult> = {
  onSuccess?: (result: TResult | Queued, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
};

/** An entity created offline has a negative (temporary) id the server does not know yet. */
export const isSaved = (id: number) => id > 0;

/** The version an edit is based on (its If-Match); an unsaved entity has none yet. */
export const versionOf = (entity: { id: number; updatedAt?: string | null }) =>
  isSaved(entity.id) && entity.updatedAt ? entity.updatedAt : undefined;

/** "/api/groups/3/users/5" → ["groups/3", "users/5"]; "/api/rooms" → ["rooms"]. */
export function entitiesOf(path: string): string[] {
  const parts = path.split("?")[0].split("/").filter(Boolean).slice(1);
  const pairs = parts.flatMap((part, i) => (i > 0 && /^-?\d+$/.test(part) ? [`${parts[i - 1]}/${part}`] : []));
  return pairs.length ? pairs : parts.slice(0, 1);
}

/** "/api/users/5/credentials" → "credentials": what a POST there creates. */
function createdResource(path: string): string {
  return path.split("?")[0].split("/").filter((p) => p && !/^-?\d+$/.test(p)).pop() ?? "";
}

export function useChange<TVars = void, TResult = unknown>(
  change: Change<TVars, TResult>,
  options: ChangeHandlers<TVars, TResult> = {},
) {
  const cache = useQueryClient();
  return useMutation<TResult | Queued, Error, TVars, { snapshots: [QueryKey, unknown][] }>({
    // The outbox owns the offline case: React Query must not hold the change back
    // (its default "online" mode pauses mutations while navigator.onLine is false).
    networkMode: "always",
    onMutate: async (vars) => {
      // Snapshot what the change may touch, so a refusal can be undone.
      const keys = change.affects(vars, 0);
      await Promise.all(keys.map((queryKey) => cache.cancelQueries({ queryKey })));
      return { snapshots: keys.flatMap((queryKey) => cache.getQueriesData({ queryKey })) as [QueryKey, unknown][] };
    },
    mutationFn: async (vars) => {
      const tempId = change.creates ? newTempId() : 0;
      const request = change.request(vars, tempId);
      const entities = entitiesOf(request.path);
      // A create also owns its temporary id, so later changes to it wait for it.
      if (change.creates) entities.push(`${createdResource(request.path)}/${tempId}`);
      const outcome = await submit(
        {
          request,
          entities,
          label: change.describe(vars),
          affects: change.affects(vars, tempId) as unknown[][],
          tempId: change.creates ? tempId : undefined,
          gatewayFails: change.gatewayFails,
        },
        change.optimistic && (() => change.optimistic!(cache, vars, tempId)),
      );
      if (outcome.state === "refused") throw outcome.error;
      if (outcome.state === "queued") return change.creates ? { queued: true, id: tempId } : { queued: true };
      return change.answer ? change.answer(outcome.result, outcome.status) : (outcome.result as TResult);
    },
    onError: (error, vars, context) => {
      for (const [key, data] of context?.snapshots ?? []) cache.setQueryData(key, data);
      options.onError?.(error, vars);
    },
    onSuccess: (result, vars) => options.onSuccess?.(result, vars),
  });
}
