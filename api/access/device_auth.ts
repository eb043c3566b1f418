// Device authentication: `Authorization: Bearer <device key>` and nothing else.
// A person's session cookie is ignored here, so an admin's browser can never act
// as a door. Every device route names one of these as its first handler (its rule):
//   deviceAuth     finds the device by its key before the handler runs (c.var.device);
//   deviceCatchUp  the same, for what a door does to catch up (its list, its stream):
//                  the request's database work is background work (db/guard.ts), so
//                  a storm of doors coming back never holds up a lockdown or a decision;
//   Each records the device's contact once its handler has answered it, unless with
//   an error (doors/presence.ts; never waited for: bad input changes nothing).
//   deviceKeyOnly  only checks the key's form and hands its hash to the handler
//                  (c.var.deviceKeyHash), whose own SQL finds the device by it, saving a
//                  round trip; the handler must answer invalidDeviceKey() when that finds
//                  none. Its routes never see a device they did not look up themselves.
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { deviceRule } from "../auth/access.ts";
import { background } from "../db/guard.ts";
import type { Sql } from "../db/connect.ts";
import { deviceByKeyHash, hashDeviceKey, KEY_FORMAT, type KeyDevice } from "./device_keys.ts";

export type DeviceEnv = { Variables: Env["Variables"] & { device: KeyDevice } };
export type DeviceKeyEnv = { Variables: Env["Variables"] & { deviceKeyHash: string } };

const CHALLENGE = 'Bearer realm="threshold-devices"';
const BEARER = /^Bearer +(\S{1,512})$/i;

function refused(message: string, invalidToken: boolean) {
  return new ApiError("unauthenticated", message, {
    "WWW-Authenticate": invalidToken ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE,
  });
}

export const invalidDeviceKey = () => refused("Invalid device API key", true);

/** The hash of the presented key; refuses a missing or malformed one without asking the database. */
function presentedKeyHash(c: Context): string {
  const header = c.req.header("authorization");
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (!match) throw refused("A device API key is required (Authorization: Bearer <key>)", false);
  if (!KEY_FORMAT.test(match[1])) throw invalidDeviceKey();
  return hashDeviceKey(match[1]);
}

/** A device answered without an error was heard from. */
function heard(c: Context<Env>, keyHash: string) {
  if (c.res.status < 400) c.var.presence.touchByKey(keyHash);
}

async function authenticate(c: Context<Env>) {
  const keyHash = presentedKeyHash(c);
  const device = await deviceByKeyHash(c.var.sql, keyHash);
  if (!device) throw invalidDeviceKey();
  (c as unknown as Context<DeviceEnv>).set("device", device);
  return keyHash;
}

export const deviceAuth = deviceRule(async (c, next) => {
  const keyHash = await authenticate(c);
  await next();
  heard(c, keyHash);
}) as unknown as MiddlewareHandler<DeviceEnv>;

export const deviceCatchUp = deviceRule(async (c, next) => {
  c.set("sql", background(c.var.sql as Sql));
  const keyHash = await authenticate(c);
  await next();
  heard(c, keyHash);
}) as unknown as MiddlewareHandler<DeviceEnv>;

export const deviceKeyOnly = deviceRule(async (c, next) => {
  const keyHash = presentedKeyHash(c);
  (c as unknown as Context<DeviceKeyEnv>).set("deviceKeyHash", keyHash);
  await next();
  heard(c, keyHash);
}) as unknown as MiddlewareHandler<DeviceKeyEnv>;
