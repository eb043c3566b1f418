// Checks every /api route the app registers against anonymous, member and
// admin callers, using the rule the route names (see auth/access.ts).
import type { Hono } from "hono";
import { ruleOf } from "../auth/access.ts";

type Caller = (method: string, path: string) => Promise<{ status: number }>;
export type Callers = { anonymous: Caller; member: Caller; admin: Caller; memberId: number };

const DENIED = new Set([401, 403]);
// deno-lint-ignore no-explicit-any
export function apiRoutes(app: Hono<any>) {
  const routes = new Map<string, unknown>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    const key = `${route.method} ${route.path}`;
    if (!routes.has(key)) routes.set(key, route.handler); // the first handler names the rule
  }
  return [...routes].map(([key, handler]) => {
    const [method, path] = key.split(" ");
    return { method, path, rule: ruleOf(handler) };
  });
}

function fill(path: string, id: string) {
  return path.replace(/:email\b[^/]*/g, "nobody%40example.com").replace(
    /:[A-Za-z]+(\{[^}]*\})?/g,
    id,
  );
}

/** Returns one line per broken expectation; an empty list means every route is guarded. */
// deno-lint-ignore no-explicit-any
export async function accessProblems(app: Hono<any>, callers: Callers): Promise<string[]> {
  const problems: string[] = [];
  const other = "2147480000"; // an id nobody has: admin calls then end in 404, not in changes
  for (const { method, path, rule } of apiRoutes(app)) {
    const expect = async (
      who: keyof Omit<Callers, "memberId">,
      url: string,
      ok: (s: number) => boolean,
      what: string,
    ) => {
      const { status } = await callers[who](method, url);
      if (!ok(status)) problems.push(`${method} ${path}: ${who} got ${status}, expected ${what}`);
    };
    const target = fill(path, other);
    switch (rule) {
      case undefined:
        problems.push(`${method} ${path}: no access rule`);
        break;
      case "public":
        await expect("anonymous", target, (s) => !DENIED.has(s), "to be let through");
        break;
      case "signedIn":
        await expect("anonymous", target, (s) => s === 401, "401");
        await expect("member", target, (s) => !DENIED.has(s), "to be let through");
        break;
      case "self":
        await expect("anonymous", target, (s) => s === 401, "401");
        await expect("member", target, (s) => s === 403, "403 for someone else's data");
        await expect(
          "member",
          fill(path, String(callers.memberId)),
          (s) => !DENIED.has(s),
          "own data",
        );
        await expect("admin", target, (s) => !DENIED.has(s), "to be let through");
        break;
      case "admin":
        await expect("anonymous", target, (s) => s === 401, "401");
        await expect("member", target, (s) => s === 403, "403");
        await expect("admin", target, (s) => !DENIED.has(s), "to be let through");
        break;
      case "device":
        // Devices use their own key; a person's session is never enough.
        await expect("anonymous", target, (s) => s === 401, "401");
        await expect("admin", target, (s) => s === 401, "401 (a session is not a device key)");
        break;
    }
  }
  return problems;
}
