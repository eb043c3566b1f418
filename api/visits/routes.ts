// Visits (spec 4 §5): admins for any host and any active rooms; a member as the host,
// for rooms their active groups hold, and only their own guests (another's visit is
// not found). Audited visit.create, visit.update and visit.revoke.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { readBody } from "../http/read_body.ts";
import { idParam, query } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { allow } from "../auth/access.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { audit, auditChange } from "../audit/record.ts";
import { linkOrigin, mailSending } from "../mail/mode.ts";
import { queueMail } from "../mail/queue.ts";
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
async function visibleVisit(c: Context<Env>, id: number): Promise<Visit> {
  const visit = found(await findVisit(c.var.sql, id), notFound.visit);
  const me = c.var.user!;
  if (!me.isAdmin && visit.host.id !== me.id) throw notFound.visit();
  return visit;
}

/** The body checked against the caller and the clock: its host, window and rooms. */
async function checkedVisit(c: Context<Env>, input: s.VisitInput) {
  const me = c.var.user!;
  if (!me.isAdmin && input.hostId !== undefined && input.hostId !== me.id) {
    throw forbidden("You can only invite your own guests");
  }
  const hostId = input.hostId ?? me.id;
  const [host] = await c.var.sql`select 1 from users where id = ${hostId} and is_active`;
  if (!host) throw badRequest("The host must be an active user");
  const problem = windowProblem(input.startsAt, input.endsAt, new Date());
  if (problem) throw badRequest(problem);
  if ((await roomsNotAllowed(c.var.sql, input.roomIds, me.isAdmin ? null : me.id)).length) {
    throw badRequest(ROOMS_NOT_ALLOWED);
  }
  // A member's guest passes only while the member would (spec 4 §5).
  return { ...input, hostId, boundedByHost: !me.isAdmin };
}

export const visitRoutes = new Hono<Env>()
  .get("/", allow.signedIn, async (c) => {
    const filter = query(c, s.visitQuery);
    const me = c.var.user!;
    return c.json(await listVisits(c.var.sql, { ...filter, hostId: me.isAdmin ? filter.hostId : me.id }));
  })
  .post("/", allow.signedIn, async (c) => {
    const { sql, config } = c.var;
    const visit = await checkedVisit(c, await readBody(c, s.visitBody));
    const token = newToken();
    const id = await insertVisit(sql, {
      ...visit,
      pin: await drawPin(sql),
      passHash: await hashToken(token),
      createdBy: c.var.user!.id,
    });
    const made = (await findVisit(sql, id))!;
    const passUrl = new URL(`/visit/${token}`, linkOrigin(config)).href;
    if (made.guestEmail) {
      const message = guestMail({ ...made, hostName: made.host.name }, passUrl);
      await queueMail(sql, mailSending(config), [{ to: made.guestEmail, ...message }]);
    }
    auditChange(c, "visit", "create", null, target(made), FIELDS);
    return c.json({ ...made, passUrl } satisfies CreatedVisit, 201);
  })
  .get("/:id", allow.signedIn, async (c) => c.json(await visibleVisit(c, idParam(c))))
  .put("/:id", allow.signedIn, async (c) => {
    const id = idParam(c);
    const { sql } = c.var;
    await visibleVisit(c, id);
    const before = await lockForEdit(c, sql, "visits", id, findVisit, notFound.visit);
    if (before.status === "ended" || before.status === "revoked") throw conflict(ENDED);
    const visit = await checkedVisit(c, await readBody(c, s.visitBody));
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
    const { sql, config } = c.var;
    await visibleVisit(c, id);
    const before = await lockForEdit(c, sql, "visits", id, findVisit, notFound.visit);
    if (before.status === "ended" || before.status === "revoked") throw conflict(ENDED);
    const token = newToken();
    await sql`update visits set pass_hash = ${await hashToken(token)} where id = ${id}`;
    audit(c, { action: "visit.new_pass", target: { type: "visit", id, name: before.guestName } });
    return c.json({ passUrl: new URL(`/visit/${token}`, linkOrigin(config)).href } satisfies NewPass, 201);
  })
  .post("/:id/revoke", allow.signedIn, async (c) => {
    const id = idParam(c);
    const { sql } = c.var;
    await visibleVisit(c, id);
    const before = await lockForEdit(c, sql, "visits", id, findVisit, notFound.visit);
    if (before.status === "ended" || before.status === "revoked") throw conflict(ENDED);
    await revokeVisit(sql, id);
    const after = (await findVisit(sql, id))!;
    audit(c, { action: "visit.revoke", target: { type: "visit", id, name: after.guestName }, changes: { status: [before.status, "revoked"] } });
    return c.json(after);
  });
