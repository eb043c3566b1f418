// Device authentication: `Authorization: Bearer <device key>` and nothing else.
// A person's session cookie is ignored here, so an admin's browser can never act
// as a door. Every device route names deviceAuth as its first handler (its rule).
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { deviceRule } from "../auth/access.ts";
import { deviceByKey, type KeyDevice } from "./device_keys.ts";

export type DeviceEnv = { Variables: Env["Variables"] & { device: KeyDevice } };

const CHALLENGE = 'Bearer realm="threshold-devices"';
const BEARER = /^Bearer +(\S{1,512})$/i;

function refused(message: string, invalidToken: boolean) {
  return new ApiError(401, message, {
    "WWW-Authenticate": invalidToken ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE,
  });
}

export const deviceAuth = deviceRule(async (c, next) => {
  const header = c.req.header("authorization");
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match) throw refused("A device API key is required (Authorization: Bearer <key>)", false);
  const device = await deviceByKey(c.var.sql, match[1]);
  if (!device) throw refused("Invalid device API key", true);
  (c as unknown as Context<DeviceEnv>).set("device", device);
  await next();
}) as unknown as MiddlewareHandler<DeviceEnv>;
