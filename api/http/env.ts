// The services every handler may use, injected through Hono's context.
import type { Config } from "../config.ts";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "./logger.ts";
import type { SessionUser } from "../auth/sessions.ts";

export type Services = { sql: Sql; config: Config; log: Logger };

export type Env = {
  Variables: Services & { requestId: string; user?: SessionUser };
};
