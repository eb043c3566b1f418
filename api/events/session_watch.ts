// A stream tells what only its session may know, so it lasts only as long as that
// session passes its route's rule (spec 3): a dashboard's live events an admin's (an
// active member of the active group Admin: they hear every decision and every admin
// change), a member's live channel a signed-in user's (it tells when their doors
// change, and a hash of them). The route checks that once, as the stream opens; after
// that the user may be deactivated, deleted or taken out of Admin, or sign out, or
// their session expire or be ended (a password reset), through any process. So while
// streams are open here, the process asks the database every CHECK_MS, in one query
// for all the streams of a rule, which of their sessions still pass, and ends the
// streams of the others (the browser's EventSource comes back and is refused). Door
// streams end with their key so too (access/door_streams.ts).
//
// The check only reads: a stream left open is not activity, and keeps no session from
// going idle.
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import type { Rule } from "../auth/access.ts";
import { isAdminSql, liveSessionSql, sessionTokenHash } from "../auth/sessions.ts";
import { type EventStream, OpenStreams } from "../http/event_stream.ts";

/** A stream outlives its session by at most this, and one query. */
export const CHECK_MS = 1_000;

/** A stream's session: its token's hash (auth/sessions.ts) and the idle limit it lives by. */
export type StreamSession = { tokenHash: string; idleMinutes: number };

/** The session of a request its route's rule has let through (so it has a token). */
export const streamSession = (c: Context<Env>): StreamSession => ({
  tokenHash: sessionTokenHash(c, c.var.config)!,
  idleMinutes: c.var.config.sessionIdleMinutes,
});

export class SessionWatch {
  readonly #streams = new OpenStreams<StreamSession & { stream: EventStream }>(
    undefined,
    () => this.#stop(),
  );
  #timer: ReturnType<typeof setInterval> | undefined;
  /** A check is running: a tick meanwhile is skipped. */
  #checking = false;

  constructor(
    private readonly sql: Queries,
    private readonly log: Logger,
    /** What a session must be to keep its streams: an admin's, or any signed-in user's. */
    private readonly rule: Extract<Rule, "admin" | "signedIn">,
  ) {}

  /** Ends `stream` once `session` no longer passes the rule. */
  watch(stream: EventStream, session: StreamSession) {
    if (stream.aborted) return;
    this.#streams.add({ stream, ...session });
    this.#timer ??= setInterval(() => this.#check(), CHECK_MS);
  }

  #stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #check() {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const watched = this.#streams.all();
      const sessions = new Map(watched.map((item) => [item.tokenHash, item.idleMinutes]));
      const hashes = [...sessions.keys()];
      const idleMinutes = [...sessions.values()];
      // A live session of an active user, and for `admin` the admin rule.
      const admin = this.rule === "admin"
        ? this.sql`and ${isAdminSql(this.sql, this.sql`u.id`)}`
        : this.sql``;
      const passing = await this.sql<{ tokenHash: string }[]>`
        select s.token_hash
        from unnest(${hashes}::text[], ${idleMinutes}::int[]) as w(token_hash, idle_minutes)
        join sessions s on s.token_hash = w.token_hash
        join users u on u.id = s.user_id
        where ${liveSessionSql(this.sql, { session: "s", user: "u" }, this.sql`w.idle_minutes`)}
          ${admin}`;
      const passed = new Set(passing.map((row) => row.tokenHash));
      for (const { stream, tokenHash } of watched) {
        if (!passed.has(tokenHash)) stream.abort();
      }
    } catch (error) {
      // Left open until a check can say otherwise: ending every stream on one failed
      // query would bring them all back at once, each reading again what it shows,
      // when the database can least take it.
      this.log.warn("session watch: checking the streams' sessions failed", {
        rule: this.rule,
        error: String(error),
      });
    } finally {
      this.#checking = false;
    }
  }
}
