// Sessions: a random 256-bit token in a cookie, only its SHA-256 stored (tokens.ts).
// Idle and absolute lifetimes come from configuration.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Queries } from "../db/connect.ts";
import type postgres from "postgres";
import type { Config } from "../config.ts";
import type { SessionUser } from "./contract.ts";
import { hashToken, newToken } from "./tokens.ts";

/** Over https the cookie gets Secure and the __Host- prefix. */
export function isSecure(c: Context, config: Config): boolean {
  return (config.publicOrigin ?? c.req.url).startsWith("https:");
}

export function cookieName(secure: boolean) {
  return secure ? "__Host-threshold_session" : "threshold_session";
}

/** The admin rule of the whole product: an active user in an active group named Admin. */
export const isAdminSql = (sql: Queries, userId: number | postgres.Fragment) =>
  sql`exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
              where ug.user_id = ${userId} and g.is_active and g.name = 'Admin')`;

/** Starts a session for the user, ending the one this browser had (rotation). */
export async function signIn(c: Context, sql: Queries, config: Config, userId: number) {
  const secure = isSecure(c, config);
  const previous = getCookie(c, cookieName(secure));
  if (previous) await sql`delete from sessions where token_hash = ${hashToken(previous)}`;
  const token = newToken();
  const maxAge = config.sessionAbsoluteDays * 24 * 60 * 60;
  await sql`insert into sessions (token_hash, user_id, expires_at, user_agent, ip)
    values (${hashToken(token)}, ${userId}, now() + ${maxAge} * interval '1 second',
            ${c.req.header("user-agent")?.slice(0, 500) ?? null}, ${clientAddress(c)})`;
  setCookie(c, cookieName(secure), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge,
  });
}

/**
 * A live session: its user (alias `user`) active, the session (alias `session`) neither
 * past its absolute end nor idle longer than `idleMinutes` (a number, or an SQL
 * expression). Every place that asks whether a session still counts asks this: the
 * requests (currentUser), the streams' watch, the notices sent to a session's devices.
 */
export const liveSessionSql = (
  sql: Queries,
  { session, user }: { session: string; user: string },
  idleMinutes: number | postgres.Fragment,
) =>
  sql`${sql(user)}.is_active and ${sql(session)}.expires_at > now()
    and ${sql(session)}.last_seen_at > now() - ${idleMinutes} * interval '1 minute'`;

/** The signed-in user of this request, or null. Touches the idle clock. */
export async function currentUser(
  c: Context,
  sql: Queries,
  config: Config,
): Promise<SessionUser | null> {
  const tokenHash = sessionTokenHash(c, config);
  if (!tokenHash) return null;
  // One statement: refresh last_seen_at only for a live session of an active user.
  const [user] = await sql<SessionUser[]>`
    with live as (
      update sessions s set last_seen_at = now()
      from users u
      where s.token_hash = ${tokenHash} and u.id = s.user_id
        and ${liveSessionSql(sql, { session: "s", user: "u" }, config.sessionIdleMinutes)}
      returning u.id, u.email, u.first_name, u.last_name, u.is_active
    )
    select live.*, ${isAdminSql(sql, sql`live.id`)} as is_admin from live`;
  return user ?? null;
}

/** The stored hash of this browser's session token, or null without a cookie. */
export function sessionTokenHash(c: Context, config: Config): string | null {
  const token = getCookie(c, cookieName(isSecure(c, config)));
  return token && token.length <= 100 ? hashToken(token) : null;
}

/** Ends this browser's session; the id of the user it belonged to, or null when none. */
export async function signOut(c: Context, sql: Queries, config: Config): Promise<number | null> {
  const secure = isSecure(c, config);
  const token = getCookie(c, cookieName(secure));
  deleteCookie(c, cookieName(secure), { path: "/", secure });
  if (!token) return null;
  const [ended] = await sql<{ userId: number }[]>`
    delete from sessions where token_hash = ${hashToken(token)} returning user_id`;
  return ended?.userId ?? null;
}

/** Ends every session of a user: on deactivation, deletion, password change. */
export async function endAllSessions(sql: Queries, userId: number) {
  await sql`delete from sessions where user_id = ${userId}`;
}

export function clientAddress(c: Context): string {
  // Deno.serve exposes the peer address through the env of app.fetch.
  const info = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return info?.hostname ?? "unknown";
}
