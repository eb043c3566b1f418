// Single sign-on with an OpenID provider (spec 4 §6), under /api/auth/oidc. Public by
// nature: whoever is not signed in yet starts here.
//   GET /           whether /login shows the SSO button, its label, and a refusal to show
//   GET /start      a new flow (oidc_flow.ts) and the redirect to the provider
//   GET /callback   the provider's redirect back: the flow taken (once), the code
//                   exchanged and the ID token checked (oidc_client.ts), the account
//                   found or made (oidc_account.ts), the session cookie and /app; any
//                   refusal goes back to /login (oidc_refusal.ts)
// The provider is called outside any transaction (a slow provider holds no database
// connection); the callback's writes and audit events commit together afterwards.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { auditedWork } from "../audit/record.ts";
import { allow } from "./access.ts";
import { relyingParty } from "./webauthn.ts";
import { authorizationUrl, identify, newFlowSecrets, provider } from "./oidc_client.ts";
import { beginFlow, takeFlow } from "./oidc_flow.ts";
import { type Refusal, refuse, takeRefusal } from "./oidc_refusal.ts";
import { signInAs } from "./oidc_account.ts";
import type { SsoStatus } from "./contract.ts";

const FAILED: Refusal = { reason: "failed" };
/** Where the provider sends the browser back (the client's registered redirect URI). */
const CALLBACK_PATH = "/api/auth/oidc/callback";

function oidcOf(c: Context<Env>) {
  const oidc = c.var.config.oidc;
  if (!oidc) throw new ApiError("not_found", "Single sign-on is not configured");
  return oidc;
}

/** What the log says of a refused flow: what failed, never who tried. */
const why = (error: unknown) => ({
  error: error instanceof Error ? error.name : String(error),
  code: (error as { code?: unknown })?.code,
  message: error instanceof Error ? error.message : undefined,
});

export const oidcRoutes = new Hono<Env>()
  .get("/", allow.public, (c) => {
    const oidc = c.var.config.oidc;
    return c.json(
      {
        enabled: oidc !== undefined,
        label: oidc?.buttonLabel ?? null,
        refusal: takeRefusal(c, c.var.config),
      } satisfies SsoStatus,
    );
  })
  .get("/start", allow.public, async (c) => {
    const { sql, config, log } = c.var;
    const oidc = oidcOf(c);
    const flow = newFlowSecrets(`${relyingParty(c, config).origin}${CALLBACK_PATH}`);
    let to: URL;
    try {
      to = await authorizationUrl(await provider(oidc), flow);
    } catch (error) {
      log.warn("single sign-on: the provider could not be discovered", why(error));
      return refuse(c, config, FAILED);
    }
    await beginFlow(c, sql, config, flow);
    return c.redirect(to.href, 302);
  })
  .get("/callback", allow.public, async (c) => {
    const { sql, config, log } = c.var;
    const oidc = oidcOf(c);
    const flow = await takeFlow(c, sql, config);
    if (!flow) {
      log.warn("single sign-on: no flow for this browser (none, used or expired)");
      return refuse(c, config, FAILED);
    }
    let identity;
    try {
      identity = await identify(await provider(oidc), flow, new URL(c.req.url).search);
    } catch (error) {
      log.warn("single sign-on refused", why(error));
      return refuse(c, config, FAILED);
    }
    let refusal: Refusal | null = null;
    await auditedWork(c, async () => {
      refusal = await signInAs(c, identity);
    });
    return refusal ? refuse(c, config, refusal) : c.redirect("/app", 302);
  });
