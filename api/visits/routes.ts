// Visits (spec 4 §5): admins for any host and any active rooms; a member as the host,
// for rooms their active groups hold, and only their own guests (another's visit is
// not found). Audited visit.create, visit.update and visit.revoke.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Queries } from "../db/connect.ts";
import type { Env } from "../http/env.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { readBody } from "../http/read_body.ts";
import { idParam, query } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { allow } from "../auth/access.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { audit, auditChange } from "../audit/record.ts";
import { queueMail } from "../mail/queue.ts";
import { type Notices, noticesOf } from "../notifications/notices.ts";
import type { CreatedVisit, NewPass, Visit } from "./contract.ts";
import { guestMail } from "./guest_mail.ts";
import { drawPin, findVisit, insertVisit, listVisits, revokeVisit, roomsNotAllowed, updateVisit } from "./repo.ts";
import * as s from "./schemas.ts";
import { windowProblem } from "./visit_rules.ts";

const ROOMS_NOT_ALLOWED = "You can only invite guests to rooms you can open";
const ENDED = "This visit has already ended";
/** What the audit trail records of a visit: not its PIN, which opens doors. */
const FIELDS = ["guestName", "guestEmail", "host", "roomNames", "startsAt", "endsAt", "note"];

const target = (visit: Visit) => ({ ...visit, name: visit.guestName });

/** The visit, if this caller may see it: an admin any, a member their own guests'. */
function findVisible(c: Context<Env>) {
  const me = c.var.user!;
  return async (sql: Queries, id: number) => {
    const visit = await findVisit(sql, id);
    return visit && (me.isAdmin || visit.host.id === me.id) ? visit : undefined;
  };
}

/**
 * The visit to change, held until the request ends (If-Match honoured): one this
 * caller may see, and not yet ended or revoked (409).
 */
async function lockOpenVisit(c: Context<Env>, id: number): Promise<Visit> {
  const visit = await lockForEdit(c, c.var.sql, "visits", id, findVisible(c), notFound.visit);
  if (visit.status === "ended" || visit.status === "revoked") throw conflict(ENDED);
  return visit;
}

/** A new pass: its code (the link's token, shown only in this answer) and its hash (kept). */
function newPass(notices: Notices) {
  const token = newToken();
  return { passUrl: new URL(`/visit/${token}`, notices.origin).href, passHash: hashToken(token) };
}

/**
 * The body checked against the caller and the clock: its host, window and rooms. An
 * edit (`before`) left without a host keeps the visit's; a new visit's is the caller.
 */
async function checkedVisit(c: Context<Env>, input: s.VisitInput, before?: Visit) {
  const me = c.var.user!;
  if (!me.isAdmin && input.hostId !== undefined && input.hostId !== me.id) {
    throw forbidden("You can only invite your own guests");
  }
  const hostId = input.hostId ?? before?.host.id ?? me.id;
  const [host] = await c.var.sql`select 1 from users where id = ${hostId} and is_active`;
  if (!host) throw badRequest("The host must be an active user");
  const problem = windowProblem(input.startsAt, input.endsAt, new Date());
  if (problem) throw badRequest(problem);
  if ((await roomsNotAllowed(c.var.sql, input.roomIds, me.isAdmin ? null : me.id)).length) {
    throw badRequest(ROOMS_NOT_ALLOWED);
  }
  // A member's guest passes only while the member would (spec 4 §5). A member's edit
  // binds the visit so; an admin's keeps what it was (updateVisit): correcting a
  // member's visit must not let their guest in where the member could not go.
  return { ...input, hostId, boundedByHost: !me.isAdmin };
}

export const visitRoutes = new Hono<Env>()
  .get("/", allow.signedIn, async (c) => {
    const filter = query(c, s.visitQuery);
    const me = c.var.user!;
    return c.json(await listVisits(c.var.sql, { ...filter, hostId: me.isAdmin ? filter.hostId : me.id }));
  })
  .post("/", allow.signedIn, async (c) => {
    const { sql } = c.var;
    const notices = noticesOf(c.var.config);
    const visit = await checkedVisit(c, await readBody(c, s.visitBody));
    const { passUrl, passHash } = newPass(notices);
    const id = await insertVisit(sql, { ...visit, pin: await drawPin(sql), passHash, createdBy: c.var.user!.id });
    const made = (await findVisit(sql, id))!;
    if (made.guestEmail) {
      const message = guestMail({ ...made, hostName: made.host.name }, passUrl);
      await queueMail(sql, notices.mail, [{ to: made.guestEmail, ...message }]);
    }
    auditChange(c, "visit", "create", null, target(made), FIELDS);
    return c.json({ ...made, passUrl } satisfies CreatedVisit, 201);
  })
  .get("/:id", allow.signedIn, async (c) => c.json(found(await findVisible(c)(c.var.sql, idParam(c)), notFound.visit)))
  .put("/:id", allow.signedIn, async (c) => {
    const id = idParam(c);
    const { sql } = c.var;
    const before = await lockOpenVisit(c, id);
    const visit = await checkedVisit(c, await readBody(c, s.visitBody), before);
    await updateVisit(sql, id, visit);
    const after = (await findVisit(sql, id))!;
    auditChange(c, "visit", "update", target(before), target(after), FIELDS);
    return c.json(after);
  })
  // Not in the spec: the link again, for Copy pass link on a visit made earlier. Only
  // the pass's hash is kept, so the link cannot be read back: a new one is made, and
  // the guest's current link and QR code stop working (the screen says so first).
  .post("/:id/new-pass", allow.signedIn, async (c) => {
    const id = idParam(c);
    const before = await lockOpenVisit(c, id);
    const { passUrl, passHash } = newPass(noticesOf(c.var.config));
    await c.var.sql`update visits set pass_hash = ${passHash} where id = ${id}`;
    audit(c, { action: "visit.new_pass", target: { type: "visit", id, name: before.guestName } });
    return c.json({ passUrl } satisfies NewPass, 201);
  })
  .post("/:id/revoke", allow.signedIn, async (c) => {
    const id = idParam(c);
    const { sql } = c.var;
    const before = await lockOpenVisit(c, id);
    await revokeVisit(sql, id);
    const after = (await findVisit(sql, id))!;
    audit(c, { action: "visit.revoke", target: { type: "visit", id, name: after.guestName }, changes: { status: [before.status, "revoked"] } });
    return c.json(after);
  });
