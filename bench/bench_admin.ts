// The administrator both benchmarks sign in as, made straight in their throwaway
// database (the product's rule: a member of the active group named Admin).
import type { Queries } from "../api/db/connect.ts";
import type { App } from "../api/app.ts";
import { hashPassword } from "../api/auth/password.ts";

export const BENCH_ADMIN = { email: "bench-admin@bench.test", password: "bench-password" };

export async function addBenchAdmin(sql: Queries) {
  const [admin] = await sql`insert into users (email, password_hash, first_name, last_name)
    values (${BENCH_ADMIN.email}, ${await hashPassword(BENCH_ADMIN.password)}, 'Bench', 'Admin')
    returning id`;
  await sql`insert into groups (name) values ('Admin')`;
  await sql`insert into user_groups (user_id, group_id)
    select ${admin.id}, id from groups where name = 'Admin'`;
}

/** Makes the administrator and signs in through the app's real sign-in call: the session cookie. */
export async function signInBenchAdmin(app: App, sql: Queries, origin: string): Promise<string> {
  await addBenchAdmin(sql);
  const signIn = await app.request(new URL("/api/auth/login", origin), {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  return signIn.headers.getSetCookie()[0].split(";")[0];
}

/** Signs in through a running API's real sign-in call (its own process): the session cookie. */
export async function benchAdminCookie(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  await signIn.body?.cancel();
  return signIn.headers.getSetCookie()[0].split(";")[0];
}

