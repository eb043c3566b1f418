// Configuration comes only from environment variables, validated once at start.
// A bad value stops the process with one line naming the variable (see main.ts).
import { z } from "zod";
import { COUNT_BUDGET_MS } from "./logs/query.ts";

const port = z.coerce.number().int().min(0).max(65535);
const url = z.string().url();

/** 127.0.0.0/8, ::1 and localhost: the only hosts an http:// issuer may have. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** What is wrong with an OpenID issuer, or null: https, or http on this machine only. */
function issuerProblem(issuer: URL): string | null {
  if (issuer.search || issuer.hash) return "an issuer has no query or fragment";
  if (issuer.protocol === "https:") return null;
  if (issuer.protocol === "http:" && LOOPBACK_HOST.test(issuer.hostname)) return null;
  return "must be https:// (http:// only on a loopback address: 127.0.0.0/8, ::1, localhost)";
}

const schema = z.object({
  PORT: port.default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// URL").optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DEMO: z.enum(["true", "false"]).optional(),
  DOOR_SIMULATOR: z.enum(["true", "false"]).optional(),
  PUBLIC_ORIGIN: url.optional(),
  RP_ID: z.string().min(1).optional(),
  RP_NAME: z.string().min(1).default("Threshold"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(60 * 24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  STATIC_DIR: z.string().min(1).default("./dist"),
  // Integrations: unset means the built-in simulator (see README, Configuration).
  DENSITY_API_BASE: url.optional(),
  DENSITY_API_TOKEN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key")
    .optional(),
  STRIPE_API_BASE: url.optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  LASTLOCK_GRPC_HOST: z.string().regex(
    /^(https?:\/\/\S+|[^/\s:]+:\d{1,5})$/,
    "must be host:port (TLS) or an http:// or https:// URL",
  ).optional(),
  LASTLOCK_API_TOKEN: z.string().min(1).optional(),
  LASTLOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5_000),
  UNIFI_HOST: url.optional(),
  UNIFI_API_KEY: z.string().min(1).optional(),
  UNIFI_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5_000),
  // The database away or slow (README, Configuration; db/guard.ts).
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Unset: 1 s for a server, 10 s for the embedded database (db/connect.ts).
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  // Unset: 900 ms for a server, 10 s for the embedded database (db/connect.ts).
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).optional(),
  DB_MAX_WAITING: z.coerce.number().int().min(0).max(100_000).default(500),
  LOG_COUNT_BUDGET_MS: z.coerce.number().int().min(10).max(60_000).default(COUNT_BUDGET_MS),
  DECISION_DEADLINE_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  // A device online, then silent this long, is offline: its alarm (spec 4 §2).
  DEVICE_OFFLINE_SECONDS: z.coerce.number().int().min(30).max(3600).default(90),
  // Webhooks to loopback, private and link-local addresses (webhooks/public_address.ts).
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  // E-mail (spec 4 §3; mail/channel.ts): unset, the demo mailbox in demo mode, else off.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/\s]+(:\d{1,5})?\/?$/, "must be smtp://[user:pass@]host[:port] (STARTTLS) or smtps://… (TLS)")
    .optional(),
  MAIL_FROM: z.string().max(320).regex(
    /^([^<>\r\n]+ <[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
    "must be an address, or a name and <address>",
  ).optional(),
  // Push subscriptions to loopback, private and plain-http push services (tests' own).
  PUSH_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  DECISIONS_SYNCHRONOUS_COMMIT: z.enum(["on", "off"], {
    error: 'must be "on" (the default: wait for the WAL flush) or "off"',
  }).default("on"),
  // Single sign-on (spec 4 §6; auth/oidc_client.ts): unset OIDC_ISSUER, no SSO.
  OIDC_ISSUER: url.superRefine((value, ctx) => {
    if (!URL.canParse(value)) return; // url() has said so
    const problem = issuerProblem(new URL(value));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).default("Sign in with SSO"),
  OIDC_CREATE_USERS: z.enum(["true", "false"]).default("false"),
});

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  /** Demo mode's door traffic (api/access/door_simulator.ts); never without demo data. */
  doorSimulator: boolean;
  publicOrigin: string | undefined;
  rpId: string | undefined;
  rpName: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  staticDir: string;
  densityApiBase: string | undefined;
  densityApiToken: string | undefined;
  stripeSecretKey: string | undefined;
  stripeApiBase: string | undefined;
  stripeWebhookSecret: string | undefined;
  lastLockGrpcHost: string | undefined;
  lastLockApiToken: string | undefined;
  lastLockTimeoutMs: number;
  unifiHost: string | undefined;
  unifiApiKey: string | undefined;
  unifiTimeoutMs: number;
  /** Connections to a DATABASE_URL server (the embedded database has one). */
  dbPoolSize: number;
  /** Opening a connection; unset: the mode's default. */
  dbConnectTimeoutMs: number | undefined;
  /** Each statement's deadline, client and server side; unset: the mode's default. */
  dbStatementTimeoutMs: number | undefined;
  /** Statements that may wait for a connection before more are refused (503). */
  dbMaxWaiting: number;
  /** A log page's count is given up after this long; the page then answers without a total. */
  logCountBudgetMs: number;
  /** An access decision not decided this long after its request arrived is answered 503. */
  decisionDeadlineMs: number;
  /** A device that had been online and is silent this long is offline (device.offline). */
  deviceOfflineSeconds: number;
  /** "on": decisions commit once the WAL is flushed; "off" only if asked for. */
  decisionsSynchronousCommit: "on" | "off";
  /** Webhooks may call loopback, private and link-local addresses (off: refused). */
  webhookAllowPrivate: boolean;
  pushAllowPrivate: boolean;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Single sign-on with an OpenID provider (spec 4 §6); undefined: off. */
  oidc: OidcConfig | undefined;
}>;

export type OidcConfig = Readonly<{
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login page's button. */
  buttonLabel: string;
  /** An unknown (verified) e-mail becomes a new member without groups. */
  createUsers: boolean;
}>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined>, args: string[] = []): Config {
  // Empty strings mean "unset", as they do in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in schema.shape && value !== ""),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`${name}=${JSON.stringify(env[name])} is invalid: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
  }
  if (e.STRIPE_API_BASE && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError("STRIPE_API_BASE needs STRIPE_SECRET_KEY (unset, the simulator is used)");
  }
  if (e.LASTLOCK_API_TOKEN && !e.LASTLOCK_GRPC_HOST) {
    throw new ConfigError("LASTLOCK_API_TOKEN needs LASTLOCK_GRPC_HOST (unset: the simulator)");
  }
  if (e.UNIFI_API_KEY && !e.UNIFI_HOST) {
    throw new ConfigError("UNIFI_API_KEY needs UNIFI_HOST (unset: the simulator)");
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  }
  if (!e.OIDC_ISSUER && (e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      "OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER (unset: no single sign-on)",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    // Embedded mode always has demo data; a real server only with --demo or DEMO=true.
    demo: args.includes("--demo") || e.DEMO === "true" || (!e.DATABASE_URL && e.DEMO !== "false"),
    doorSimulator: e.DOOR_SIMULATOR !== "false" &&
      (args.includes("--demo") || e.DEMO === "true" || (!e.DATABASE_URL && e.DEMO !== "false")),
    publicOrigin: e.PUBLIC_ORIGIN,
    rpId: e.RP_ID,
    rpName: e.RP_NAME,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteDays: e.SESSION_ABSOLUTE_DAYS,
    staticDir: e.STATIC_DIR,
    densityApiBase: e.DENSITY_API_BASE,
    densityApiToken: e.DENSITY_API_TOKEN,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeApiBase: e.STRIPE_API_BASE,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    lastLockGrpcHost: e.LASTLOCK_GRPC_HOST,
    lastLockApiToken: e.LASTLOCK_API_TOKEN,
    lastLockTimeoutMs: e.LASTLOCK_TIMEOUT_MS,
    unifiHost: e.UNIFI_HOST?.replace(/\/+$/, ""),
    unifiApiKey: e.UNIFI_API_KEY,
    unifiTimeoutMs: e.UNIFI_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbMaxWaiting: e.DB_MAX_WAITING,
    logCountBudgetMs: e.LOG_COUNT_BUDGET_MS,
    decisionDeadlineMs: e.DECISION_DEADLINE_MS,
    deviceOfflineSeconds: e.DEVICE_OFFLINE_SECONDS,
    decisionsSynchronousCommit: e.DECISIONS_SYNCHRONOUS_COMMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    pushAllowPrivate: e.PUSH_ALLOW_PRIVATE === "true",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: e.OIDC_ISSUER
      ? {
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID!,
        clientSecret: e.OIDC_CLIENT_SECRET!,
        buttonLabel: e.OIDC_BUTTON_LABEL,
        createUsers: e.OIDC_CREATE_USERS === "true",
      }
      : undefined,
  };
}
