// A real app on a fresh database for each test file: requests go through the
// whole middleware stack in process (app.request), SQL hits real PostgreSQL or PGlite.
import { type Config, loadConfig } from "../config.ts";
import { type App, createApp } from "../app.ts";
import { freshDatabase } from "../db/test_db.ts";
import type { Database, Sql } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import { createLogger } from "../http/logger.ts";
import { hashPassword } from "../auth/password.ts";
import type { Queries } from "../db/connect.ts";
import {
  createIntegrations,
  type Integrations,
  stopIntegrations,
} from "../integrations/integrations.ts";

export const TEST_ORIGIN = "http://localhost:8000";

type Options = {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  cookie?: string;
};
type Answer = { status: number; headers: Headers; text: string; json: Json };
type Send = (method: string, path: string, options?: Options) => Promise<Answer>;
// deno-lint-ignore no-explicit-any
type Json = any;

export type TestApp = {
  app: App;
  sql: Sql;
  listen: Listen;
  config: Config;
  /** This app's own Last Lock, UniFi, Density and Stripe (their simulators, unless configured). */
  integrations: Integrations;
  request: Send;
  /** Signs in with a password and returns a client that sends the session cookie. */
  login(email: string, password?: string): Promise<{
    cookie: string;
    user: { id: number; email: string };
    request: Send;
  }>;
  /** Another app on the same database and configuration, with these integrations instead. */
  withIntegrations(parts: Partial<Integrations>): TestApp;
  close(): Promise<void>;
};

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db: Database = await freshDatabase();
  // A log page's count gets 10 s, not production's 60 ms: on a loaded machine a test
  // reading "1-2 of 2" would otherwise get "50+" (the end-to-end server does the same).
  const config = loadConfig({
    STATIC_DIR: "./dist",
    PUBLIC_ORIGIN: TEST_ORIGIN,
    LOG_COUNT_BUDGET_MS: "10000",
    ...env,
  });
  const integrations = createIntegrations(config);
  return testAppOn(db.sql, db.listen, config, integrations, async () => {
    await stopIntegrations(integrations);
    await db.close();
  });
}

function testAppOn(
  sql: Sql,
  listen: Listen,
  config: Config,
  integrations: Integrations,
  close: () => Promise<void>,
): TestApp {
  const app = createApp({ sql, listen, config, log: createLogger("silent"), integrations });

  async function request(method: string, path: string, options: Options = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await app.request(new URL(path, TEST_ORIGIN), { method, headers, body });
    const text = await res.text();
    let json: Json = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch { /* not JSON: tests read .text */ }
    return { status: res.status, headers: res.headers, text, json };
  }

  async function login(email: string, password = TEST_PASSWORD) {
    const res = await request("POST", "/api/auth/login", { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
    const cookie = sessionCookie(res.headers);
    return {
      cookie,
      user: res.json.user as { id: number; email: string },
      request: (method: string, path: string, options: Options = {}) =>
        request(method, path, { cookie, ...options }),
    };
  }

  return {
    app,
    sql,
    listen,
    config,
    integrations,
    request,
    login,
    // The database stays open: it is the first app's to close.
    withIntegrations: (parts) =>
      testAppOn(sql, listen, config, { ...integrations, ...parts }, () => stopIntegrations(parts)),
    close,
  };
}

/** A Deno test of steps on what `setUp` makes, closed at the end whatever happens. */
function appTest<C extends { close(): Promise<void> }>(
  name: string,
  setUp: () => Promise<C>,
  fn: (t: Deno.TestContext, context: C) => Promise<void>,
) {
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const context = await setUp();
      try {
        await fn(t, context);
      } finally {
        await context.close();
      }
    },
  });
}

type Steps = (t: Deno.TestContext, app: TestApp) => Promise<void>;

/** Runs a group of steps against one app (configured with `env`), always closing the database. */
export function describeApp(name: string, fn: Steps): void;
export function describeApp(name: string, env: Record<string, string>, fn: Steps): void;
export function describeApp(name: string, ...args: [Steps] | [Record<string, string>, Steps]) {
  const [env, fn] = args.length === 1 ? [{}, args[0]] : args;
  appTest(name, () => startTestApp(env), fn);
}

/**
 * Runs a group of steps against one app beside a simulator the test starts
 * itself (Last Lock, UniFi), whose base URL `env` puts in the app's configuration,
 * so the real client speaks to it. Both are stopped at the end.
 */
export function describeAppWithSimulator<S extends { simulator: { stop(): Promise<void> } }>(
  name: string,
  start: () => Promise<S>,
  env: (started: S) => Record<string, string>,
  fn: (t: Deno.TestContext, context: S & { app: TestApp }) => Promise<void>,
) {
  appTest(name, async () => {
    const started = await start();
    const app = await startTestApp(env(started));
    const close = async () => {
      await started.simulator.stop();
      await app.close();
    };
    return { ...started, app, close };
  }, fn);
}

/** Starts a simulator on a free loopback port: the simulator, and where it listens. */
export async function startOnLoopback<T extends { start(): Promise<object> }>(simulator: T) {
  const listening = await simulator.start() as Awaited<ReturnType<T["start"]>>;
  return { simulator, ...listening };
}

/**
 * The describe of one integration's tests: each test gets a test app with its
 * own simulator (describeAppWithSimulator), configured by `config` and by what
 * the test's own `env` adds or overrides.
 */
export function describeWithSimulator<S extends { simulator: { stop(): Promise<void> } }>(
  start: () => Promise<S>,
  config: (started: S) => Record<string, string>,
) {
  return (
    name: string,
    fn: (t: Deno.TestContext, context: S & { app: TestApp }) => Promise<void>,
    env: (started: S) => Record<string, string> = () => ({}),
  ) =>
    describeAppWithSimulator(
      name,
      start,
      (started) => ({ ...config(started), ...env(started) }),
      fn,
    );
}

export const TEST_PASSWORD = "correct horse battery";
let cachedHash: Promise<string> | undefined;

/** Creates a user (optionally in the Admin group) straight in the database. */
export async function addUser(
  sql: Queries,
  fields: {
    email: string;
    firstName?: string;
    lastName?: string;
    isActive?: boolean;
    admin?: boolean;
  },
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await sql<{ id: number }[]>`
    insert into users (email, password_hash, first_name, last_name, is_active)
    values (${fields.email}, ${await cachedHash}, ${fields.firstName ?? "Test"},
            ${fields.lastName ?? "User"}, ${fields.isActive ?? true})
    returning id`;
  if (fields.admin) {
    await sql`insert into groups (name, description)
      select 'Admin', 'Administrators' where not exists (select 1 from groups where name = 'Admin')`;
    await sql`insert into user_groups (user_id, group_id)
      select ${user.id}, id from groups where name = 'Admin' order by id limit 1`;
  }
  return user.id;
}

/** Creates admin@example.com in the Admin group and signs in as them. */
export async function signInAdmin(app: TestApp) {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  return await app.login("admin@example.com");
}

/** Signs in at a running API (its `base`), as a browser on its origin: the session cookie (name=value). */
export async function signInAt(base: string, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in at ${base}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return sessionCookie(res.headers);
}

/** POSTs `body` to `path` as `caller`, which must answer 201: the new thing's id. */
export async function createdId(caller: { request: TestApp["request"] }, path: string, body: unknown): Promise<number> {
  const res = await caller.request("POST", path, { body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.json.id as number;
}

/** The name=value of the session cookie a response set. */
export function sessionCookie(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.includes("threshold_session="));
  if (!set) throw new Error("no session cookie was set");
  return set.split(";")[0];
}
