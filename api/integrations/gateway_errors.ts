// How a failing integration answers, the same for Last Lock, UniFi and Density: a
// service that is down, refuses the credentials or answers garbage is a 502
// bad_gateway, one too slow a 504 gateway_timeout, with the client's readable
// message; the transport's own words go to the log only. Nothing is written then:
// each route asks the service before it writes.
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import type { Gateway, ServiceFailure } from "./gateway.ts";

type Ctx = Context<Env>;

export function gatewayFailure(
  c: Ctx,
  service: string,
  failure: ServiceFailure,
  logged: Record<string, unknown> = {},
): ApiError {
  c.var.log.warn(`${service} call failed`, {
    requestId: c.var.requestId,
    kind: failure.kind,
    message: failure.message,
    detail: failure.detail,
    ...logged,
  });
  return new ApiError(
    failure.kind === "timeout" ? "gateway_timeout" : "bad_gateway",
    failure.message,
  );
}

/** The gateway's connection; a built-in simulator that cannot start is a 502. */
export async function connectionOf<Connection extends { client: unknown }>(
  c: Ctx,
  gateway: Gateway<Connection>,
): Promise<Connection> {
  try {
    return await gateway.connection();
  } catch (error) {
    c.var.log.error(`${gateway.name} simulator did not start`, { error: String(error) });
    throw new ApiError("bad_gateway", `The built-in ${gateway.name} simulator could not start`);
  }
}

/**
 * Runs one call on the gateway's client. Its failures become 502 or 504; a
 * service whose refusals mean more (Last Lock) passes its own `answer`.
 */
export async function callGateway<Client, T>(
  c: Ctx,
  gateway: Gateway<{ client: Client }>,
  work: (client: Client) => Promise<T>,
  answer = (c: Ctx, error: unknown): unknown =>
    gateway.isFailure(error) ? gatewayFailure(c, gateway.name, error) : error,
): Promise<T> {
  const { client } = await connectionOf(c, gateway);
  try {
    return await work(client);
  } catch (error) {
    throw answer(c, error);
  }
}

/** A status answer: where the gateway points, and whether the service answers `probe`. */
export async function statusOf<Client, State>(
  c: Ctx,
  gateway: Gateway<{ client: Client } & State>,
  probe: (client: Client) => Promise<unknown>,
): Promise<State & { connected: boolean; error?: string }> {
  const { client, ...state } = await connectionOf(c, gateway);
  try {
    await probe(client);
    return { connected: true, ...state as State };
  } catch (error) {
    if (!gateway.isFailure(error)) throw error;
    return { connected: false, ...state as State, error: error.message };
  }
}
