// The members' live channel: GET /api/me/stream keeps a server-sent event stream
// open to each signed-in /app, and sends `changed` (`id:` and `data: { etag }`)
// whenever what it shows from the server changes: the member's doors (GET
// /api/me/doors) or the active lockdowns (GET /api/me/lockdowns). Whatever can
// change those (groups, memberships, grants, rooms, devices, schedules, calendars,
// lockdowns) NOTIFYs access_lists (migration 018) in every API process; each process
// then reads the doors of all members connected to it in one statement, and tells
// each member whose view changed. A change made through any process reaches every
// member; one that leaves a member's view as it was says nothing to them.
// The ETag is a hash of that view: a client reconnecting with Last-Event-ID hears
// `changed` at once unless its view is still the same. The clock's changes (a
// schedule opening) are not sent: the client reads again at the doors' nextChange.
//
// A stream ends once its session is no longer a live one of an active user
// (events/session_watch.ts): signed out, deactivated, deleted, expired.
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import { type EventStream, OpenStreams, writeEvent } from "../http/event_stream.ts";
import { passes } from "../jobs/passes.ts";
import { entityTag } from "../access/access_list.ts";
import { memberDoors } from "./doors.ts";
import { memberLockdowns } from "./lockdowns.ts";
import { SessionWatch, type StreamSession } from "../events/session_watch.ts";

type Member = { userId: number; stream: EventStream; etag: string | null };

export class MemberStreams {
  readonly #members: OpenStreams<Member>;
  #listening: Promise<unknown> | undefined;
  readonly #sessions: SessionWatch;

  constructor(
    private readonly sql: Queries,
    private readonly listen: Listen,
    private readonly log: Logger,
    stopping?: AbortSignal,
  ) {
    this.#members = new OpenStreams(stopping);
    this.#sessions = new SessionWatch(sql, log, "signedIn");
  }

  /**
   * Opens a member's stream: `changed` with the next pass, unless Last-Event-ID is
   * their view's, and on as their view changes until `session` is no longer signed in.
   */
  async open(member: Member, session: StreamSession) {
    if (this.#members.closing) return member.stream.abort();
    this.#sessions.watch(member.stream, session);
    this.#listening ??= this.listen("access_lists", () => this.changed());
    await this.#listening;
    this.#members.add(member);
    this.changed();
  }

  /** Something changed: look again, one pass at a time, and once more if more came meanwhile. */
  readonly changed = passes(
    () => this.#tell(this.#members.all()),
    (error) => this.log.warn("member streams: could not read the members' doors", { error: String(error) }),
  );

  async #tell(members: Member[]) {
    if (!members.length) return;
    const [doors, lockdowns] = await Promise.all([
      memberDoors(this.sql, [...new Set(members.map((m) => m.userId))]),
      memberLockdowns(this.sql),
    ]);
    for (const member of members) {
      const etag = entityTag(JSON.stringify({ doors: doors.get(member.userId), lockdowns }));
      if (etag === member.etag) continue;
      member.etag = etag;
      // Queued: a member slow to read holds up no other.
      writeEvent(member.stream, "changed", etag, [JSON.stringify({ etag })]);
    }
  }
}
