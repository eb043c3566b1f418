// The simulator's hosted verification page, mounted on the API under
// /sim/stripe while STRIPE_SECRET_KEY is unset. Plain HTML, no script: each
// outcome is a submit button of one form, so it works under the API's
// Content-Security-Policy (form-action 'self' needs this very origin, which is
// why the page is served by the API and not by a simulator on another port).
// A decision sends the signed webhook events to the API's own webhook endpoint
// (through `send`, the API app itself) and then redirects to the return_url.
import { type Context, Hono } from "hono";
import type { Env } from "../../http/env.ts";
import { notFound } from "../../http/not_found.ts";
import { type Decision, type SimVerificationSession, STRIPE_SIMULATOR_PATH } from "./simulator.ts";
import { escapeHtml } from "../../http/escape_html.ts";

const WEBHOOK_PATH = "/api/stripe/webhook";
const DECISIONS: Record<string, Decision> = {
  complete: "complete",
  fail: "fail",
  cancel: "cancel",
};

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 30rem; margin: 3rem auto; padding: 2rem; background: #fff;
         border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: .8rem; padding: .2rem .6rem; border-radius: 99px;
           background: #fff4d6; color: #6b4a00; }
  h1 { font-size: 1.5rem; margin: .8rem 0; }
  fieldset { border: 0; padding: 0; margin: 1.5rem 0 0; display: grid; gap: .75rem; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  button { font: inherit; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #c1c9d2;
           background: #fff; cursor: pointer; text-align: left; }
  button:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  button.primary { background: #635bff; border-color: #635bff; color: #fff; }
  .alert { border-left: 4px solid #df1b41; background: #fff0f3; padding: .75rem 1rem; margin: 1rem 0; }
  .muted { color: #4f566b; font-size: .85rem; }
`;

function page(title: string, content: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Stripe Identity simulator</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Test mode · Stripe Identity simulator</p>
${content}
</main>
</body>
</html>`;
}

const STATUS_TEXT: Record<string, string> = {
  processing: "is being processed",
  verified: "is complete: the identity was verified",
  canceled: "was canceled",
};

function decisionPage(token: string, session: SimVerificationSession) {
  const error = session.last_error
    ? `<div class="alert" role="alert"><h2>The last attempt failed</h2><p>${
      escapeHtml(session.last_error.reason)
    }</p></div>`
    : "";
  return page(
    "Verify your identity",
    `<h1>Verify your identity</h1>
<p>Threshold asks you to verify your identity with a government-issued photo ID.
This page stands in for Stripe's hosted verification: choose what happens.</p>
${error}
<form method="post" action="${STRIPE_SIMULATOR_PATH}/verify/${escapeHtml(token)}">
<fieldset>
<legend>Outcome of the verification</legend>
<button class="primary" type="submit" name="decision" value="complete">Complete verification</button>
<button type="submit" name="decision" value="fail">Fail verification</button>
<button type="submit" name="decision" value="cancel">Cancel verification</button>
</fieldset>
</form>
<p class="muted">Session ${escapeHtml(session.id)}</p>`,
  );
}

function finishedPage(session: SimVerificationSession, returnUrl: string | null) {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to Threshold</a></p>` : "";
  return page(
    "Verification",
    `<h1>Verification</h1>
<p>This verification session ${escapeHtml(STATUS_TEXT[session.status] ?? session.status)}.</p>
${back}
<p class="muted">Session ${escapeHtml(session.id)}</p>`,
  );
}

/** This app's simulator; the pages are not there while the real Stripe is configured. */
function simulatorOf(c: Context<Env>) {
  const simulator = c.var.integrations.stripe.simulator;
  if (!simulator) throw notFound.stripeSimulator();
  return simulator;
}

/** `send` delivers a request to the API (the app's own fetch). */
export function stripeSimulatorRoutes(send: (request: Request) => Response | Promise<Response>) {
  const deliverTo = (request: Request) => Promise.resolve(send(request));
  return new Hono<Env>()
    .use("*", async (c, next) => {
      simulatorOf(c);
      c.header("Cache-Control", "no-store");
      await next();
    })
    .get("/verify/:token", (c) => {
      const entry = simulatorOf(c).sessionByPageToken(c.req.param("token"));
      if (!entry) {
        return c.html(page("Not found", "<h1>This verification link is not valid</h1>"), 404);
      }
      if (entry.session.status !== "requires_input") {
        return c.html(finishedPage(entry.session, entry.returnUrl));
      }
      return c.html(decisionPage(entry.pageToken, entry.session));
    })
    .post("/verify/:token", async (c) => {
      const token = c.req.param("token");
      const form = new URLSearchParams(await c.req.text());
      const decision = DECISIONS[form.get("decision") ?? ""];
      const simulator = simulatorOf(c);
      const entry = simulator.sessionByPageToken(token);
      if (!entry) {
        return c.html(page("Not found", "<h1>This verification link is not valid</h1>"), 404);
      }
      if (!decision) {
        return c.html(decisionPage(token, entry.session), 400);
      }
      const outcome = simulator.decide(token, decision);
      if (!outcome) return c.html(finishedPage(entry.session, entry.returnUrl), 409);
      const webhookUrl = new URL(WEBHOOK_PATH, c.req.url).href;
      const secret = c.var.integrations.stripe.webhookSecret;
      for (const payload of outcome.events) {
        const status = await simulator.deliver(payload, secret, deliverTo, webhookUrl);
        if (status !== 200) {
          c.var.log.warn("stripe simulator: webhook not accepted", { status, webhookUrl });
        }
      }
      if (entry.returnUrl) return c.redirect(entry.returnUrl, 303);
      return c.html(finishedPage(entry.session, null));
    });
}

export { STRIPE_SIMULATOR_PATH };
