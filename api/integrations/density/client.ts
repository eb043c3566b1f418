// Client of Density's occupancy API (shaped after the public v3 API:
// developers.density.io). It speaks HTTP to a base URL: the real service, or the
// simulator in simulator.ts. Authentication is a bearer API token, or OAuth client
// credentials exchanged at /v3/oauth/token for a short-lived token, which is cached
// until shortly before it expires and exchanged again after a 401.
import { z } from "zod";
import type {
  DensityCount,
  DensityOccupancyBucket,
  DensityResolution,
  DensitySession,
  DensitySpace,
  DensityTimeUsed,
} from "./contract.ts";

export type DensityCredentials =
  | { kind: "bearer"; token: string }
  | { kind: "oauth"; clientId: string; clientSecret: string };

type CachedToken = { token: string; expiresAt: number };

/**
 * OAuth tokens by client, and the exchanges under way: one store per transport,
 * so the clients of one integration share a token and two integrations never do.
 */
export type DensityTokens = {
  cached: Map<string, CachedToken>;
  exchanges: Map<string, Promise<CachedToken>>;
};

export const densityTokens = (): DensityTokens => ({ cached: new Map(), exchanges: new Map() });

/** Where and how requests go; `fetch` may be an in-process simulator. */
export type DensityTransport = {
  baseUrl: string;
  fetch: (input: Request) => Promise<Response>;
  timeoutMs: number;
  tokens: DensityTokens;
  /** Clock for token expiry (tests move it). */
  now?: () => number;
};

export type DensityFailure = "unreachable" | "timeout" | "rejected" | "status" | "malformed";

export class DensityError extends Error {
  constructor(readonly kind: DensityFailure, message: string, readonly status?: number) {
    super(message);
    this.name = "DensityError";
  }
}

// --- what Density answers (checked: an answer of another shape is "malformed") ---

const text = z.string();
const spaceSchema = z.object({
  id: text,
  name: text,
  function: text.nullable().optional(),
  space_type: text,
});
const tokenSchema = z.object({
  access_token: text.min(1),
  expires_in: z.number().positive().optional(),
});
const keyed = <T extends z.ZodType>(value: T) => z.record(z.string(), value);
const countSchema = keyed(z.object({ count: z.number().int().min(0), timestamp: text }));
const timeUsedSchema = keyed(z.object({
  time_used_raw: z.number().min(0),
  time_used_percentage: z.number().nullable().optional(),
}));
const occupancySchema = keyed(keyed(z.object({
  occupancy_avg: z.number().nullable().optional(),
  occupancy_max: z.number().nullable().optional(),
})));
const sessionsSchema = keyed(z.array(z.object({
  start_time: text,
  end_time: text.nullable(),
  session_type: z.union([text, z.number()]).transform(String),
})));

const DEFAULT_TOKEN_SECONDS = 3600;

export function createDensityClient(transport: DensityTransport, credentials: DensityCredentials) {
  const now = transport.now ?? Date.now;
  const { cached: tokens, exchanges } = transport.tokens;
  const base = transport.baseUrl.replace(/\/+$/, "");
  const tokenKey = credentials.kind === "oauth"
    ? `${base}\n${credentials.clientId}\n${credentials.clientSecret}`
    : "";

  /** One HTTP exchange with a deadline covering the whole answer, body included. */
  async function send(path: string, init: RequestInit): Promise<{ status: number; body: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), transport.timeoutMs);
    try {
      const response = await transport.fetch(
        new Request(`${base}${path}`, { ...init, signal: controller.signal }),
      );
      return { status: response.status, body: await response.text() };
    } catch (error) {
      if (controller.signal.aborted) {
        throw new DensityError(
          "timeout",
          `Density did not answer within ${transport.timeoutMs / 1000} s`,
        );
      }
      throw new DensityError("unreachable", `Density is unreachable (${(error as Error).message})`);
    } finally {
      clearTimeout(timer);
    }
  }

  function decode<T extends z.ZodType>(schema: T, body: string): z.infer<T> {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new DensityError("malformed", "Density sent an answer that is not JSON");
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new DensityError("malformed", "Density sent an answer of an unexpected shape");
    }
    return parsed.data;
  }

  function failure(status: number, body: string): DensityError {
    if (status === 401 || status === 403) {
      return new DensityError("rejected", `Density refused the credentials (${status})`, status);
    }
    let detail = "";
    try {
      const value = JSON.parse(body);
      detail = typeof value?.message === "string"
        ? value.message
        : typeof value?.error === "string"
        ? value.error
        : "";
    } catch { /* not JSON: the status says enough */ }
    return new DensityError(
      "status",
      `Density answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ""}`,
      status,
    );
  }

  async function exchange(): Promise<CachedToken> {
    if (credentials.kind !== "oauth") throw new Error("not an OAuth client");
    const { status, body } = await send("/v3/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),
    });
    if (status === 400 || status === 401 || status === 403) {
      throw new DensityError("rejected", `Density refused the OAuth client (${status})`, status);
    }
    if (status < 200 || status > 299) throw failure(status, body);
    const token = decode(tokenSchema, body);
    const lifetime = (token.expires_in ?? DEFAULT_TOKEN_SECONDS) * 1000;
    // Renew a little early (a tenth of the lifetime, at most a minute) so no
    // request leaves with a token about to lapse.
    return {
      token: token.access_token,
      expiresAt: now() + lifetime - Math.min(60_000, lifetime / 10),
    };
  }

  async function bearer(renew: boolean): Promise<string> {
    if (credentials.kind === "bearer") return credentials.token;
    const cached = tokens.get(tokenKey);
    if (!renew && cached && cached.expiresAt > now()) return cached.token;
    let pending = exchanges.get(tokenKey);
    if (!pending) {
      pending = exchange().finally(() => exchanges.delete(tokenKey));
      exchanges.set(tokenKey, pending);
    }
    const fresh = await pending;
    tokens.set(tokenKey, fresh);
    return fresh.token;
  }

  async function call<T extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: T,
    payload?: unknown,
  ): Promise<z.infer<T>> {
    let renewed = false;
    while (true) {
      const token = await bearer(renewed);
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: "application/json",
      };
      if (payload !== undefined) headers["content-type"] = "application/json";
      const { status, body } = await send(path, {
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      // A cached OAuth token the service no longer takes: exchange once more.
      if (status === 401 && credentials.kind === "oauth" && !renewed) {
        tokens.delete(tokenKey);
        renewed = true;
        continue;
      }
      if (status < 200 || status > 299) throw failure(status, body);
      return decode(schema, body);
    }
  }

  const range = (spaceId: string, start: Date, end: Date) => ({
    space_ids: [spaceId],
    start_date: start.toISOString(),
    end_date: end.toISOString(),
  });

  /** The entry for spaceId of an answer keyed by space id; missing is malformed. */
  function entry<T>(answer: Record<string, T>, spaceId: string): T {
    if (!Object.hasOwn(answer, spaceId)) {
      throw new DensityError("malformed", `Density's answer has no entry for space ${spaceId}`);
    }
    return answer[spaceId];
  }

  return {
    async listSpaces(): Promise<DensitySpace[]> {
      const spaces = await call("GET", "/v3/spaces", z.array(spaceSchema));
      return spaces.map((s) => ({
        id: s.id,
        name: s.name,
        function: s.function ?? null,
        space_type: s.space_type,
      }));
    },

    async currentCount(spaceId: string): Promise<DensityCount> {
      const answer = await call("POST", "/v3/analytics/occupancy/current", countSchema, {
        space_ids: [spaceId],
      });
      return entry(answer, spaceId);
    },

    async timeUsed(spaceId: string, start: Date, end: Date): Promise<DensityTimeUsed> {
      const answer = await call("POST", "/v3/analytics/time-used", timeUsedSchema, {
        ...range(spaceId, start, end),
        time_resolution: "total",
      });
      const { time_used_raw, time_used_percentage } = entry(answer, spaceId);
      return { time_used_raw, time_used_percentage: time_used_percentage ?? null };
    },

    async occupancy(
      spaceId: string,
      start: Date,
      end: Date,
      resolution: DensityResolution,
    ): Promise<DensityOccupancyBucket[]> {
      const answer = await call("POST", "/v3/analytics/occupancy", occupancySchema, {
        ...range(spaceId, start, end),
        time_resolution: resolution,
      });
      return Object.entries(entry(answer, spaceId))
        .map(([timestamp, bucket]) => ({
          timestamp,
          occupancy_avg: bucket.occupancy_avg ?? null,
          occupancy_max: bucket.occupancy_max ?? null,
        }))
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    },

    async sessions(spaceId: string, start: Date, end: Date): Promise<DensitySession[]> {
      const answer = await call(
        "POST",
        "/v3/analytics/sessions",
        sessionsSchema,
        range(spaceId, start, end),
      );
      return entry(answer, spaceId);
    },
  };
}

export type DensityClient = ReturnType<typeof createDensityClient>;
