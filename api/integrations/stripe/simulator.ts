// A Stripe Identity that runs offline: the subset of Stripe's REST API the SDK
// calls for verification sessions (form-encoded bodies, Bearer secret key,
// Stripe's error envelope), plus the hosted page where a person completes, fails
// or cancels the verification. After a decision the simulator sends the signed
// webhook events (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.payload") to the
// API's webhook endpoint, then redirects to the session's return_url.
//
// The hosted page is plain server-rendered HTML with forms and no script, so it
// works under the API's Content-Security-Policy (form-action 'self'): it is
// served from the API's own origin, under /sim/stripe (see hosted_page.ts).
import { Hono } from "hono";
import { inProcessFetch, untilAborted } from "../in_process.ts";

export const STRIPE_SIMULATOR_KEY = "sk_test_threshold_simulator";
export const STRIPE_SIMULATOR_WEBHOOK_SECRET = "whsec_threshold_simulator";
/** Where the API mounts the hosted page; session URLs point there. */
export const STRIPE_SIMULATOR_PATH = "/sim/stripe";

export type VerificationStatus = "requires_input" | "processing" | "verified" | "canceled";
export type Decision = "complete" | "fail" | "cancel";

export type SimVerificationSession = {
  id: string;
  object: "identity.verification_session";
  client_reference_id: string | null;
  client_secret: string;
  created: number;
  last_error: { code: string; reason: string } | null;
  last_verification_report: string | null;
  livemode: false;
  metadata: Record<string, string>;
  options: Record<string, unknown>;
  provided_details: Record<string, unknown> | null;
  redaction: null;
  related_customer: string | null;
  status: VerificationStatus;
  type: "document" | "id_number";
  url: string | null;
  verified_outputs: null;
};

type Entry = {
  session: SimVerificationSession;
  returnUrl: string | null;
  pageToken: string;
  pageUrl: string;
};

export type StripeFault = "error" | "hang" | "malformed" | "wrong-shape";

export type WebhookDelivery = { eventId: string; type: string; status: number | "failed" };

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function randomId(prefix: string, length = 24) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

/**
 * Stripe's form encoding: `metadata[user_id]=3`, `options[document][allowed_types][0]=passport`.
 * Indices make arrays; other keys make objects.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

async function hmacHex(secret: string, message: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The Stripe-Signature header Stripe sends with a webhook payload. */
export async function stripeSignature(payload: string, secret: string, timestamp: number) {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

const error = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
});

export type StripeSimulatorOptions = {
  now?: () => number;
  apiKeys?: string[];
};

export function createStripeSimulator(options: StripeSimulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const apiKeys = new Set(options.apiKeys ?? [STRIPE_SIMULATOR_KEY]);
  const sessions = new Map<string, Entry>();
  const byPageToken = new Map<string, Entry>();
  const faults: { fault: StripeFault; times: number }[] = [];
  const deliveries: WebhookDelivery[] = [];

  const seconds = () => Math.floor(now() / 1000);
  const publicView = (r: Entry): SimVerificationSession => ({
    ...r.session,
    url: r.session.status === "requires_input" ? r.pageUrl : null,
  });

  const app = new Hono();

  app.use("*", async (c, next) => {
    c.header("request-id", randomId("req_", 14));
    const fault = faults[0];
    if (fault) {
      if (--fault.times <= 0) faults.shift();
      switch (fault.fault) {
        case "error":
          return c.json(
            error("api_error", "Simulated Stripe outage. Please try again later."),
            500,
          );
        case "malformed":
          return c.body('{"id": "vs_broken", "object": "identity.verif', 200, {
            "content-type": "application/json",
          });
        case "wrong-shape":
          return c.json({ id: 42, object: "something_else" });
        case "hang":
          await untilAborted(c.req.raw.signal);
          return c.body(null, 504);
      }
    }
    const header = c.req.header("authorization") ?? "";
    const key = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!apiKeys.has(key)) {
      const shown = key
        ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "";
      return c.json(
        error(
          "invalid_request_error",
          key ? `Invalid API Key provided: ${shown}` : "You did not provide an API key.",
        ),
        401,
      );
    }
    await next();
  });

  app.post("/v1/identity/verification_sessions", async (c) => {
    const form = parseStripeForm(await c.req.text());
    const type = form.type ?? "document";
    if (type !== "document" && type !== "id_number") {
      return c.json(
        error("invalid_request_error", `Invalid type: must be one of document or id_number`, {
          param: "type",
          code: "parameter_invalid_string",
        }),
        400,
      );
    }
    const returnUrl = typeof form.return_url === "string" ? form.return_url : null;
    if (returnUrl !== null && !URL.canParse(returnUrl)) {
      return c.json(
        error("invalid_request_error", "Not a valid URL", {
          param: "return_url",
          code: "url_invalid",
        }),
        400,
      );
    }
    const metadata: Record<string, string> = {};
    if (form.metadata && typeof form.metadata === "object") {
      for (const [k, v] of Object.entries(form.metadata)) metadata[k] = String(v);
    }
    const id = randomId("vs_");
    const pageToken = randomId("", 32);
    // The page lives on the API's origin (the return_url's), under /sim/stripe.
    const origin = returnUrl ? new URL(returnUrl).origin : new URL(c.req.url).origin;
    const record: Entry = {
      returnUrl,
      pageToken,
      pageUrl: `${origin}${STRIPE_SIMULATOR_PATH}/verify/${pageToken}`,
      session: {
        id,
        object: "identity.verification_session",
        client_reference_id: typeof form.client_reference_id === "string"
          ? form.client_reference_id
          : null,
        client_secret: `${id}_secret_${randomId("", 24)}`,
        created: seconds(),
        last_error: null,
        last_verification_report: null,
        livemode: false,
        metadata,
        options: (form.options as Record<string, unknown>) ?? {},
        provided_details: (form.provided_details as Record<string, unknown>) ?? null,
        redaction: null,
        related_customer: null,
        status: "requires_input",
        type,
        url: null,
        verified_outputs: null,
      },
    };
    sessions.set(id, record);
    byPageToken.set(pageToken, record);
    return c.json(publicView(record));
  });

  app.get("/v1/identity/verification_sessions", (c) => {
    const limit = Math.min(Math.max(Number(c.req.query("limit") ?? 10) || 10, 1), 100);
    const all = [...sessions.values()].reverse();
    return c.json({
      object: "list",
      url: "/v1/identity/verification_sessions",
      has_more: all.length > limit,
      data: all.slice(0, limit).map(publicView),
    });
  });

  const missing = (id: string) =>
    error("invalid_request_error", `No such verificationsession: '${id}'`, {
      code: "resource_missing",
      param: "session",
    });

  app.get("/v1/identity/verification_sessions/:id", (c) => {
    const record = sessions.get(c.req.param("id"));
    if (!record) return c.json(missing(c.req.param("id")), 404);
    return c.json(publicView(record));
  });

  app.post("/v1/identity/verification_sessions/:id/cancel", (c) => {
    const record = sessions.get(c.req.param("id"));
    if (!record) return c.json(missing(c.req.param("id")), 404);
    if (record.session.status !== "requires_input") {
      return c.json(
        error(
          "invalid_request_error",
          `This VerificationSession cannot be canceled because it has a status of ${record.session.status}.`,
          { code: "verification_session_unexpected_state" },
        ),
        400,
      );
    }
    record.session.status = "canceled";
    return c.json(publicView(record));
  });

  app.notFound((c) =>
    c.json(
      error("invalid_request_error", `Unrecognized request URL (${c.req.method}: ${c.req.path}).`),
      404,
    )
  );

  /**
   * A person's decision on the hosted page: the new state and the events Stripe
   * would send, in order. Undefined when the session no longer waits for input.
   */
  function decide(pageToken: string, decision: Decision) {
    const record = byPageToken.get(pageToken);
    if (!record || record.session.status !== "requires_input") return undefined;
    const s = record.session;
    const events: string[] = [];
    if (decision === "complete") {
      s.status = "processing";
      s.last_error = null;
      events.push(event(record, "identity.verification_session.processing"));
      s.status = "verified";
      s.last_verification_report = randomId("vr_");
      events.push(event(record, "identity.verification_session.verified"));
    } else if (decision === "fail") {
      s.last_error = {
        code: "document_unverified_other",
        reason: "The document could not be verified. Please try again with another document.",
      };
      events.push(event(record, "identity.verification_session.requires_input"));
    } else {
      s.status = "canceled";
      events.push(event(record, "identity.verification_session.canceled"));
    }
    return { record, events };
  }

  function event(record: Entry, type: string) {
    return JSON.stringify(
      {
        id: randomId("evt_"),
        object: "event",
        api_version: "2026-10-28.endive",
        created: seconds(),
        data: { object: publicView(record) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
  }

  /** Signs and sends one event; records the outcome. */
  async function deliver(
    payload: string,
    secret: string,
    send: (request: Request) => Promise<Response>,
    url: string,
  ) {
    const { id, type } = JSON.parse(payload);
    let status: number | "failed";
    try {
      const response = await send(
        new Request(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": await stripeSignature(payload, secret, seconds()),
          },
          body: payload,
        }),
      );
      await response.body?.cancel();
      status = response.status;
    } catch {
      status = "failed";
    }
    deliveries.push({ eventId: id, type, status });
    if (deliveries.length > 200) deliveries.shift();
    return status;
  }

  return {
    app,
    /** An in-process fetch for the SDK's HTTP client. */
    fetch: inProcessFetch(app),
    sessionByPageToken: (token: string) => byPageToken.get(token),
    session: (id: string) => sessions.get(id),
    decide,
    deliver,
    deliveries,
    /** Makes the next `times` API requests fail this way. */
    fail(fault: StripeFault, times = 1) {
      faults.push({ fault, times });
    },
    reset() {
      faults.length = 0;
      deliveries.length = 0;
    },
  };
}

export type StripeSimulator = ReturnType<typeof createStripeSimulator>;
