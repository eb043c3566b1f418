// The outbox: the one owner of writes that have not reached the server. A
// change and its optimistic cache update are written in ONE IndexedDB
// transaction, with the Idempotency-Key made at that moment; a replayer sends
// rows in order whenever the network allows, so nothing is lost by a closed
// tab, a reload or a dropped connection, and nothing is applied twice.
// Each row belongs to the user who made it: it is sent only while that user is
// signed in here, and the server checks that the session is theirs (the
// Threshold-User header), so a change never goes under the next person's session.
import { liveQuery } from "dexie";
import { queryClient } from "../api/query_client";
import { ApiError } from "../api/api_error";
import { callHeaders, endPendingSession, send as sendRequest } from "../api/client";
import type { ChangeRequest } from "../api/mutations";
import { SESSION_QUERY_KEY } from "../api/session";
import { db } from "./db";
import { storedUser } from "./storage";
import {
  answeredVersion,
  classify,
  nextToSend,
  type OutboxRow,
  rebaseAfter,
  replaceTempId,
  resend,
  versionIn,
  type VersionMove,
  withVersion,
} from "./outbox_rules";
import { cacheRow, snapshot } from "./persister";

export type Outcome =
  | { state: "sent"; result: unknown; status: number }
  | { state: "queued" }
  | { state: "refused"; error: Error };

export type NewChange = {
  request: ChangeRequest;
  entities: string[];
  label: string;
  affects: unknown[][];
  tempId?: number;
  /** A 502/504 refuses the change (an integration failed) instead of retrying it. */
  gatewayFails?: boolean;
};

// A change whose screen still waits for the answer: a refusal then goes back
// to that screen (toast, undo) instead of being held in the outbox.
const waiters = new Map<number, (outcome: Outcome) => void>();
const RETRY_MS = 15_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Queues a change of the signed-in user, applying `optimistic` in the same transaction; resolves with its fate. */
export async function submit(change: NewChange, optimistic?: () => void): Promise<Outcome> {
  const userId = storedUser()?.id;
  if (userId === undefined) return { state: "refused", error: new Error("Sign in to make changes") };
  const seq = await db.transaction("rw", db.outbox, db.cache, async () => {
    const id = await db.outbox.add({ ...change, userId, key: crypto.randomUUID(), status: "waiting", createdAt: Date.now() });
    optimistic?.();
    await saveCache();
    return id;
  });
  const outcome = new Promise<Outcome>((resolve) => waiters.set(seq, resolve));
  void replay();
  return await outcome;
}

function settle(seq: number | undefined, outcome: Outcome) {
  if (seq === undefined) return;
  waiters.get(seq)?.(outcome);
  waiters.delete(seq);
}

let replaying: Promise<void> | null = null;
let again = false;

/** Sends waiting changes in order until none can go; safe to call any time. */
export function replay(): Promise<void> {
  if (replaying) {
    again = true;
    return replaying;
  }
  replaying = (async () => {
    try {
      do {
        again = false;
        await withLock(drain);
      } while (again);
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

// One tab replays at a time; the Idempotency-Key protects anyway, this avoids waste.
async function withLock(fn: () => Promise<void>) {
  if (!navigator.locks) return await fn();
  await navigator.locks.request("threshold-outbox", fn);
}

async function drain() {
  for (;;) {
    // Only the signed-in user's rows, and only once no earlier sign-out is owed.
    const owner = storedUser()?.id;
    if (owner === undefined) return queueAll();
    const row = nextToSend(await db.outbox.where("userId").equals(owner).toArray());
    if (!row) return;
    // Rows queued offline are answered "queued" at once; they wait for the network.
    if (!navigator.onLine) return queueAll();
    const sent = await send(row);
    if (sent === "retry") return scheduleRetry();
    if (sent === "signed-out") return signedOut();
  }
}

/** The session ended (or is someone else's): rows wait for their user's next sign-in. */
async function signedOut() {
  queueAll();
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

async function queueAll() {
  for (const seq of waiters.keys()) settle(seq, { state: "queued" });
}

function scheduleRetry() {
  queueAll();
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void resume(), RETRY_MS);
}

/**
 * Ends a sign-out still owed to the server, then sends the waiting changes. A
 * sign-out the server did not take though the browser is online (a network that
 * says it is back before it carries anything, a server away) is tried again later:
 * the previous person's session must not stay open until someone uses the app.
 */
async function resume() {
  if (await endPendingSession()) return await replay();
  if (navigator.onLine) scheduleRetry();
}

async function send(row: OutboxRow): Promise<"sent" | "retry" | "held" | "signed-out"> {
  const headers = {
    ...callHeaders({ body: row.request.body, idempotencyKey: row.key, ifMatch: row.request.baseVersion }),
    "Threshold-User": String(row.userId),
  };
  let res: Response;
  let text: string;
  try {
    res = await sendRequest(row.request.path, {
      method: row.request.method,
      headers,
      body: row.request.body === undefined ? undefined : JSON.stringify(row.request.body),
    });
    text = await res.text();
  } catch {
    return "retry"; // no network: the same key goes again later
  }
  const kind = classify(res.status, res.headers.has("retry-after"), row.gatewayFails);
  if (kind === "retry" || kind === "signed-out") return kind;
  if (kind === "done") {
    const result = text ? JSON.parse(text) : undefined;
    const move = answeredVersion(row, result);
    await db.transaction("rw", db.outbox, db.cache, async () => {
      await db.outbox.delete(row.seq!);
      const realId = (result as { id?: unknown } | undefined)?.id;
      for (const later of await db.outbox.toArray()) {
        let next = rebaseAfter(later, row, result);
        if (row.tempId !== undefined && typeof realId === "number") next = replaceTempId(next, row.tempId, realId);
        if (next !== later) await db.outbox.put(next);
      }
      // The cache takes the answer's version with the row's removal, before the
      // screen hears "done": saved, it never outlives the row at the old version.
      if (move) await moveCachedVersion(row.affects, move);
    });
    settle(row.seq, { state: "sent", result, status: res.status });
    await Promise.all(row.affects.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return "sent";
  }
  const body = parseError(text);
  if (kind === "failed" && waiters.has(row.seq!)) {
    // The screen that made the change is still open: it shows the refusal and undoes.
    await db.outbox.delete(row.seq!);
    settle(row.seq, { state: "refused", error: ApiError.from(res, text) });
    return "sent";
  }
  await db.outbox.update(row.seq!, {
    status: kind,
    error: body.error ?? `${res.status} ${res.statusText}`,
    current: body.current,
  });
  settle(row.seq, { state: "queued" });
  return "held";
}

async function moveCachedVersion(affects: unknown[][], move: VersionMove) {
  for (const queryKey of affects) {
    for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
      const next = withVersion(data, move);
      if (next !== data) queryClient.setQueryData(key, next);
    }
  }
  await saveCache();
}

/** Writes the cache as it is now, inside the caller's transaction (with the outbox row it goes with). */
async function saveCache() {
  const row = cacheRow(snapshot(queryClient));
  if (row) await db.cache.put(row);
}

function parseError(text: string): { error?: string; current?: unknown } {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** A row of the signed-in user: nobody acts on another person's changes. */
async function ownRow(seq: number): Promise<OutboxRow | undefined> {
  const row = await db.outbox.get(seq);
  return row && row.userId === storedUser()?.id ? row : undefined;
}

/** Sends a held change again, e.g. after fixing the cause. */
export async function retry(seq: number) {
  const row = await ownRow(seq);
  if (!row) return;
  await db.outbox.put(resend(row, crypto.randomUUID()));
  await replay();
}

/** Keeps the user's version over a conflicting server change. */
export async function keepMine(held: OutboxRow) {
  const row = await ownRow(held.seq!);
  if (!row) return;
  await db.outbox.put(resend(row, crypto.randomUUID(), { ...row.request, baseVersion: versionIn(row.request, row.current) }));
  await replay();
}

/** Drops a held change and shows the server's data again. */
export async function discard(held: OutboxRow) {
  const row = await ownRow(held.seq!);
  if (!row) return;
  await db.outbox.delete(row.seq!);
  await Promise.all(row.affects.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Every row, live: for the banner, pending marks and the review list (use_outbox.ts keeps the user's own). */
export const outboxRows = liveQuery(() => db.outbox.orderBy("seq").toArray());

let started = false;

/** Starts replaying now and whenever the network returns (once per page). */
export function startOutbox() {
  if (started) return;
  started = true;
  window.addEventListener("online", () => void resume());
  void resume();
}
