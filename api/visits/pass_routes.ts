// The guest's pass (spec 4 §5), public: the link's token is the credential. Its page
// reads the visit (host, rooms, window, PIN, status), and unlocks a room of the visit
// while the pass works: the doors' own decision (logged `Guest Link` / `Mobile
// Unlock`), then an unlock command to each of the room's doors, answered once they
// acknowledged (member_doors/unlock.ts).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import { linkTokenHash } from "../auth/tokens.ts";
import { unlockRoom } from "../member_doors/unlock.ts";
import type { Visit, VisitPass } from "./contract.ts";
import { visitOfPass } from "./repo.ts";

/** How the log names a guest's unlock from their pass (spec 4 §5). */
export const GUEST_UNLOCK = { credentialType: "Guest Link", action: "Mobile Unlock" } as const;

async function visitOf(sql: Env["Variables"]["sql"], token: string): Promise<Visit> {
  const passHash = linkTokenHash(token);
  return found(passHash ? await visitOfPass(sql, passHash) : undefined, notFound.pass);
}

export const passRoutes = new Hono<Env>()
  .get("/:token", allow.public, async (c) => {
    const visit = await visitOf(c.var.sql, c.req.param("token"));
    return c.json({
      guestName: visit.guestName,
      hostName: visit.host.name,
      rooms: visit.roomIds.map((id, i) => ({ id, name: visit.roomNames[i] })),
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      pin: visit.pin,
      status: visit.status,
    } satisfies VisitPass);
  })
  // Not in a request-wide transaction: it answers only after the doors, which hear of
  // its commands once they commit, have acknowledged them.
  .post("/:token/rooms/:roomId/unlock", allow.publicCommitting, async (c) => {
    const token = c.req.param("token");
    const visit = await visitOf(c.var.sql, token);
    const roomId = idParam(c, "roomId");
    return await unlockRoom(c, roomId, {
      keyHash: null,
      roomId,
      credential: { type: "Visitor Pass", code: token },
      ...GUEST_UNLOCK,
    }, { userId: null, name: visit.guestName });
  });
