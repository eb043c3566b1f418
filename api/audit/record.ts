// What a request records in the audit trail (spec 3 §5). A route says what it did
// with audit(c, …); the access rule (auth/access.ts, through audited()) runs every
// mutating request in one transaction and writes the request's events in it just
// before it commits, so the change and its record stand or fall together. An admin
// change that records nothing is refused (500, rolled back): a new route cannot
// forget. A refused admin change (status ≥ 400) is rolled back whole. A refused
// public or member request keeps what it wrote on purpose (a sign-in failure for the
// throttle, a used-up challenge), as it always did; of its events only those marked
// keepIfRefused are written (a failed or throttled sign-in).
import type { Context, Next } from "hono";
import type { Env } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { transaction } from "../http/transaction.ts";
import type { Queries } from "../db/connect.ts";
import { clientAddress } from "../auth/sessions.ts";
import type { Actor, Changes, Target } from "./contract.ts";
import { changesOf } from "./changes.ts";

export type AuditEntry = {
  /** `<entity>.<verb>`: room.update, auth.sign_in, device.key.rotate, … */
  action: string;
  target?: Target;
  changes?: Changes;
  /** Who did it; by default the signed-in user. */
  actor?: Actor;
  /** Written even though the request is refused (a failed sign-in). */
  keepIfRefused?: boolean;
};

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_USER_AGENT = 500;

/** Records what this request did; written when its transaction commits. */
export function audit(c: Context<Env>, entry: AuditEntry) {
  const entries = c.get("audit");
  // Only a mutating request under an access rule has a place for events.
  if (!entries) throw new ApiError("internal", "An audit event outside a change");
  entries.push(entry);
}

class Refused extends Error {}

/** How a mutating request's events are kept (auth/access.ts's rules, scim/client.ts). */
export type Recording = {
  /** An admin's change: it must record at least one event to succeed. */
  mustRecord: boolean;
  /** A refusal (4xx, 5xx) undoes the whole request, events kept with keepIfRefused aside. */
  refusalUndoes: boolean;
  /** Who acted, when not the signed-in user: an identity provider through SCIM. */
  actor?: Actor;
};

export const ADMIN_CHANGE: Recording = { mustRecord: true, refusalUndoes: true };
export const OWN_CHANGE: Recording = { mustRecord: false, refusalUndoes: false };

/**
 * Runs the rest of a mutating request in one transaction (nested in the idempotent
 * one when there is one) and writes its events there, as `rules` say.
 */
export async function audited(c: Context<Env>, next: Next, rules: Recording) {
  if (!MUTATING.has(c.req.method)) return await next();
  const entries: AuditEntry[] = [];
  try {
    await recording(c, entries, rules.actor, async () => {
      await next();
      const refused = c.res.status >= 400;
      if (refused && rules.refusalUndoes) throw new Refused();
      if (!refused && rules.mustRecord && entries.length === 0) {
        c.var.log.error("admin change without an audit event", { path: c.req.path });
        throw new ApiError("internal", "This change recorded no audit event");
      }
      return refused ? entries.filter((entry) => entry.keepIfRefused) : entries;
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const kept = entries.filter((entry) => entry.keepIfRefused);
    if (kept.length) await writeEvents(c.var.sql, c, kept, rules.actor);
  }
}

/**
 * Runs `work` in one transaction with the events it records, written as it commits:
 * for a GET that changes things, which audited() leaves alone (the OpenID provider's
 * redirect back signs someone in: auth/oidc_routes.ts).
 */
export async function auditedWork(c: Context<Env>, work: () => Promise<void>) {
  const entries: AuditEntry[] = [];
  await recording(c, entries, undefined, async () => {
    await work();
    return entries;
  });
}

/** `work` in a transaction that c.var.sql is meanwhile, and the events it returns written in it. */
async function recording(
  c: Context<Env>,
  entries: AuditEntry[],
  actor: Actor | undefined,
  work: () => Promise<AuditEntry[]>,
) {
  c.set("audit", entries);
  const outer = c.var.sql;
  try {
    await transaction(outer, async (tx) => {
      c.set("sql", tx);
      await writeEvents(tx, c, await work(), actor);
    });
  } finally {
    c.set("sql", outer);
  }
}

type Row = { id: number } & Record<string, unknown>;

/** What a thing is called: its name, or a person's (or a credential's) own words for it. */
export function nameOf(row: Record<string, unknown>): string | null {
  if (typeof row.name === "string") return row.name;
  const person = [row.firstName, row.lastName].filter((part) => typeof part === "string" && part)
    .join(" ");
  if (person) return person;
  if (typeof row.email === "string") return row.email;
  if (typeof row.cardCode === "string") return `${row.type ?? "Card"} ${row.cardCode}`;
  return null;
}

/** The target an event names: the thing's type, id and name as it is now. */
export const targetOf = (type: string, row: Row): Target => ({
  type,
  id: row.id,
  name: nameOf(row),
});

/**
 * A thing made (before null), changed, or removed (after null): `<type>.<verb>`, the
 * thing as target, and the fields that changed (all of `fields`, or every field).
 */
export function auditChange(
  c: Context<Env>,
  type: string,
  verb: string,
  before: Row | null,
  after: Row | null,
  fields?: string[],
) {
  audit(c, {
    action: `${type}.${verb}`,
    target: targetOf(type, (after ?? before)!),
    changes: changesOf(before, after, fields),
  });
}

/** A thing switched on or off: `<type>.reactivate` or `<type>.deactivate`. */
export function auditToggle(c: Context<Env>, type: string, row: Row & { isActive: boolean }, was: boolean) {
  const verb = row.isActive ? "reactivate" : "deactivate";
  auditChange(c, type, verb, { ...row, isActive: was }, row, ["isActive"]);
}

/** The signed-in user as an actor: id and name as they are now. */
export const userActor = (user: { id: number; firstName: string; lastName: string }): Actor => ({
  type: "user",
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

export const SYSTEM: Actor = { type: "system", id: null, name: "Threshold" };

/** The events, by `actor`, else the signed-in user, else Threshold itself. */
async function writeEvents(sql: Queries, c: Context<Env>, entries: AuditEntry[], actor?: Actor) {
  const user = c.var.user;
  const ip = clientAddress(c);
  const userAgent = c.req.header("user-agent")?.slice(0, MAX_USER_AGENT) ?? null;
  for (const entry of entries) {
    await writeEvent(sql, entry, actor ?? (user ? userActor(user) : SYSTEM), {
      ip,
      userAgent,
      requestId: c.var.requestId,
    });
  }
}

/** One event, chained by the database (migrations/014_audit_events.sql). */
export async function writeEvent(
  sql: Queries,
  entry: AuditEntry,
  actor: Actor,
  request: { ip: string | null; userAgent: string | null; requestId: string | null },
) {
  const who = entry.actor ?? actor;
  const target = entry.target;
  await sql`
    insert into audit_events (actor_type, actor_id, actor_name, action, target_type, target_id,
      target_name, changes, ip, user_agent, request_id)
    values (${who.type}, ${who.id}, ${who.name}, ${entry.action}, ${target?.type ?? null},
      ${target?.id ?? null}, ${target?.name ?? null}, ${sql.json((entry.changes ?? {}) as never)},
      ${request.ip}, ${request.userAgent}, ${request.requestId})`;
}
