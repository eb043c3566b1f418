// The pure rules of the outbox, kept apart from IndexedDB so they can be tested
// on their own: what to send next, and how a created entity's temporary id is
// replaced by the server's real one in the changes queued after it.
import type { ChangeRequest } from "../api/mutations";

export type OutboxStatus = "waiting" | "failed" | "conflict";

export type OutboxRow = {
  seq?: number;
  /** Who made the change: it is sent only under their session. */
  userId: number;
  /** The Idempotency-Key, made when the user acted (not when sent). */
  key: string;
  /** Entities the change touches, e.g. ["users/12", "groups/3"]: ordering and pending marks. */
  entities: string[];
  /** What the user did, in words. */
  label: string;
  request: ChangeRequest;
  /** Query keys to refetch once the server has answered. */
  affects: unknown[][];
  status: OutboxStatus;
  /** The server's message for a refused change. */
  error?: string;
  /** The server's current version, for a conflict (412). */
  current?: unknown;
  /** A create made offline: the temporary (negative) id its optimistic row carries. */
  tempId?: number;
  /**
   * A 502 or 504 refuses the change instead of retrying it: for calls the API
   * passes on to an integration (Last Lock, UniFi), where those answers mean the
   * service is down or answered badly, and the person acting should hear so.
   */
  gatewayFails?: boolean;
  createdAt: number;
};

/**
 * The next change to send: the oldest waiting one that no earlier refused or
 * conflicting change of the same entity holds back. Changes of other entities
 * go on; nothing is skipped silently (held rows stay until the user decides).
 */
export function nextToSend(rows: OutboxRow[]): OutboxRow | undefined {
  const ordered = [...rows].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const held = new Set<string>();
  for (const row of ordered) {
    if (row.status !== "waiting") {
      for (const e of row.entities) held.add(e);
      continue;
    }
    if (row.entities.some((e) => held.has(e))) {
      for (const e of row.entities) held.add(e); // keep the entity's own order
      continue;
    }
    return row;
  }
  return undefined;
}

/** Temporary ids are negative, so they can never clash with the server's. */
export function newTempId(): number {
  return -Math.floor(Date.now() * 1000 + Math.random() * 1000) % 2_000_000_000 || -1;
}

function replaceInValue(value: unknown, tempId: number, realId: number): unknown {
  if (value === tempId) return realId;
  if (Array.isArray(value)) return value.map((v) => replaceInValue(v, tempId, realId));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceInValue(v, tempId, realId)]),
    );
  }
  return value;
}

/** Rewrites a later change so it refers to the created entity's real id. */
export function replaceTempId(row: OutboxRow, tempId: number, realId: number): OutboxRow {
  const segment = new RegExp(`/${tempId}(?=/|$|\\?)`, "g");
  const entity = new RegExp(`/${tempId}$`);
  return {
    ...row,
    entities: row.entities.map((e) => e.replace(entity, `/${realId}`)),
    request: {
      ...row.request,
      path: row.request.path.replace(segment, `/${realId}`),
      body: replaceInValue(row.request.body, tempId, realId),
    },
    affects: row.affects.map((key) =>
      key.map((part) =>
        typeof part === "string" ? part.replace(segment, `/${realId}`) : replaceInValue(part, tempId, realId)
      )
    ),
  };
}

/**
 * How an answer moves a row: done, retry later (no network, 5xx, or an answer
 * saying "try again" with Retry-After: the same key still running, throttling),
 * waiting for its user to sign in again (401: the session ended, or is not
 * theirs), or held for the user (412 conflict, other 4xx refusals; with
 * `gatewayFails`, also 502 and 504).
 */
export function classify(
  status: number | "network",
  retryAfter = false,
  gatewayFails = false,
): "done" | "retry" | "signed-out" | "conflict" | "failed" {
  if (status === 401) return "signed-out";
  if (gatewayFails && (status === 502 || status === 504)) return "failed";
  if (status === "network" || status >= 500 || (status >= 400 && retryAfter)) return "retry";
  if (status === 412) return "conflict";
  if (status >= 400) return "failed";
  return "done";
}

/** The version an answer (or a 412's current) carries for this request: its updatedAt, or the field it names. */
export function versionIn(request: ChangeRequest, entity: unknown): string | undefined {
  const version = (entity as Record<string, unknown> | undefined)?.[request.versionField ?? "updatedAt"];
  return typeof version === "string" ? version : undefined;
}

/**
 * After a change of an entity went through, the server's answer carries the
 * entity's new version. Later edits of the same entity queued on this device
 * were based on the version the user saw, which already included that (own)
 * change: they are rebased on the answer, or the server would refuse them as
 * stale (412) against the user's own earlier change. Only edits based on the
 * same version as the sent change (or, for a change without one, on any) move.
 */
export function rebaseAfter(later: OutboxRow, sent: OutboxRow, answer: unknown): OutboxRow {
  const entity = answeredEntity(sent, answer);
  if (!entity || !later.request.baseVersion || later.status !== "waiting") return later;
  if (pathEntity(later.request.path) !== entity) return later;
  // A version of its own (a grant's, at /api/groups/1/rooms/5) belongs to that path
  // alone: a change of the room does not move it on, nor does a change of another
  // group's grant of the room, and a grant's change does not move the room's.
  if (later.request.versionField !== sent.request.versionField) return later;
  if (later.request.versionField && later.request.path !== sent.request.path) return later;
  if (sent.request.baseVersion && later.request.baseVersion !== sent.request.baseVersion) return later;
  const version = versionIn(later.request, answer);
  return version ? { ...later, request: { ...later.request, baseVersion: version } } : later;
}

/** An edit's answer moving its entity, in cached data, from the version it was based on to the answer's. */
export type VersionMove = { id: number; field: string; from: string; to: string };

/**
 * What an edit's answer moves in the cache. The cached entity holds the edit
 * already (optimistically) but still the version it was based on, until a refetch
 * brings the server's: a next edit made before then (or after a reload or a
 * dropped connection, the refetch lost) would go with that old If-Match and meet
 * a conflict with the user's own change. Only an edit sent with If-Match says
 * both ends: the server took it at baseVersion, so whatever is cached at exactly
 * that version, with this edit applied, is the answer's version. A change without
 * one (a toggle) does not say what it was applied to, so nothing moves.
 */
export function answeredVersion(sent: OutboxRow, answer: unknown): VersionMove | undefined {
  const from = sent.request.baseVersion;
  const to = versionIn(sent.request, answer);
  if (!from || !to || !answeredEntity(sent, answer)) return undefined;
  return { id: (answer as { id: number }).id, field: sent.request.versionField ?? "updatedAt", from, to };
}

/** Cached data (one entity or a list) with the entity moved to the answered version; the same value when nothing moves. */
export function withVersion(data: unknown, move: VersionMove): unknown {
  const moved = (item: unknown) => {
    const entity = item as Record<string, unknown> | null;
    return entity && entity.id === move.id && entity[move.field] === move.from ? { ...entity, [move.field]: move.to } : item;
  };
  if (!Array.isArray(data)) return moved(data);
  const list = data.map(moved);
  return list.some((item, i) => item !== data[i]) ? list : data;
}

/** "/api/users/5/toggle-active" → "users/5": the entity a request acts on (its last numbered segment). */
export function pathEntity(path: string): string | undefined {
  const parts = path.split("?")[0].split("/").filter(Boolean).slice(1);
  let found: string | undefined;
  parts.forEach((part, i) => {
    if (i > 0 && /^-?\d+$/.test(part)) found = `${parts[i - 1]}/${part}`;
  });
  return found;
}

/** The entity the answer describes: the sent request's own entity, when the answer is that entity with a version. */
function answeredEntity(sent: OutboxRow, answer: unknown): string | undefined {
  const a = answer as { id?: unknown; updatedAt?: unknown } | undefined;
  if (!a || typeof a.id !== "number" || typeof a.updatedAt !== "string") return undefined;
  const entity = pathEntity(sent.request.path);
  return entity?.endsWith(`/${a.id}`) ? entity : undefined;
}

/**
 * A held (refused or conflicting) change sent again by the user's decision:
 * it goes under a NEW Idempotency-Key. The server records a refusal as the
 * key's answer (a replay of the key gets the same 4xx back) and a refusal
 * had no effect, so a fresh key cannot apply anything twice.
 */
export function resend(row: OutboxRow, newKey: string, request: ChangeRequest = row.request): OutboxRow {
  if (row.status === "waiting") return row;
  return { ...row, key: newKey, status: "waiting", error: undefined, current: undefined, request };
}
