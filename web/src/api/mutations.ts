// The one mutation layer every admin change goes through. A screen describes a
// change (its request, what it optimistically does to cached data, what to
// refetch after); this layer sends it with an Idempotency-Key made when the
// user acted and If-Match for edits. The offline outbox plugs in here, so
// screens never change when the transport does.
import { type QueryKey, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "./request";

export type ChangeRequest = {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** The updatedAt the edit was based on; sent as If-Match (412 when stale). */
  baseVersion?: string;
};

export type Change<TVars> = {
  request: (vars: TVars) => ChangeRequest;
  /** What the user did, in words, for the list of waiting changes. */
  describe: (vars: TVars) => string;
  /** Edits cached query data at once, before the server answers. */
  optimistic?: (cache: QueryClient, vars: TVars) => void;
  /** Queries the change may alter: snapshotted for undo, refetched after. */
  affects: (vars: TVars) => QueryKey[];
};

/** Sends one change; resolves with the server's JSON answer (undefined if empty). */
export async function sendChange(request: ChangeRequest, idempotencyKey: string): Promise<unknown> {
  const headers: Record<string, string> = { "Idempotency-Key": idempotencyKey };
  if (request.baseVersion) headers["If-Match"] = `"${request.baseVersion}"`;
  const res = await apiRequest(request.method, request.path, request.body, headers);
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

export function useChange<TVars = void, TResult = unknown>(
  change: Change<TVars>,
  options: { onSuccess?: (result: TResult, vars: TVars) => void; onError?: (error: Error, vars: TVars) => void } = {},
) {
  const cache = useQueryClient();
  return useMutation<TResult, Error, TVars, { snapshots: [QueryKey, unknown][] }>({
    mutationFn: async (vars) =>
      (await sendChange(change.request(vars), crypto.randomUUID())) as TResult,
    onMutate: async (vars) => {
      const keys = change.affects(vars);
      await Promise.all(keys.map((queryKey) => cache.cancelQueries({ queryKey })));
      const snapshots = keys.flatMap((queryKey) => cache.getQueriesData({ queryKey })) as [QueryKey, unknown][];
      change.optimistic?.(cache, vars);
      return { snapshots };
    },
    onError: (error, vars, context) => {
      for (const [key, data] of context?.snapshots ?? []) cache.setQueryData(key, data);
      options.onError?.(error, vars);
    },
    onSuccess: (result, vars) => options.onSuccess?.(result, vars),
    onSettled: async (_result, _error, vars) => {
      await Promise.all(change.affects(vars).map((queryKey) => cache.invalidateQueries({ queryKey })));
    },
  });
}

/** The server's message of a failed call ("409: {\"error\":\"…\"}" → "…"), or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error ? error.message : "";
  const json = text.replace(/^\d{3}: /, "");
  try {
    const parsed = JSON.parse(json);
    if (typeof parsed?.error === "string" && parsed.error) return parsed.error;
  } catch { /* not a JSON error body */ }
  return fallback;
}
