// SCIM 2.0 provisioning (spec 4 §6, RFC 7643/7644), mounted at /scim/v2 outside /api:
// none of /api's middleware applies (no session, no same-origin check, no
// Idempotency-Key), so this app brings its own: a body limit, the bearer token
// (scim/client.ts), SCIM's error format for every refusal and failure, 503 at once
// when the database is away (db/guard.ts fails fast; answered here in SCIM's words).
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Env } from "../http/env.ts";
import { answerScimError, asScimError, ScimError } from "./errors.ts";
import { scimClient } from "./client.ts";
import { discoveryRoutes, SCIM_MAX_BODY_BYTES } from "./discovery.ts";
import { scimUserRoutes } from "./user_routes.ts";
import { scimGroupRoutes } from "./group_routes.ts";

export const scimRoutes = new Hono<Env>()
  .use(
    bodyLimit({
      maxSize: SCIM_MAX_BODY_BYTES,
      onError: (c) =>
        answerScimError(c, new ScimError(413, `The request body is too large (limit ${SCIM_MAX_BODY_BYTES / 1024} KB)`)),
    }),
  )
  .use(scimClient)
  .route("/", discoveryRoutes)
  .route("/Users", scimUserRoutes)
  .route("/Groups", scimGroupRoutes)
  .all("*", (c) => {
    throw new ScimError(404, `No SCIM endpoint ${c.req.method} ${c.req.path}`);
  })
  .onError((error, c) => answerScimError(c, asScimError(error, c)));
