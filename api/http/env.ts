// The services every handler may use, injected through Hono's context.
import type { Config } from "../config.ts";
import type { Queries } from "../db/connect.ts";
import type { Logger } from "./logger.ts";
import type { SessionUser } from "../auth/contract.ts";
import type { Integrations } from "../integrations/integrations.ts";
import type { AuditEntry } from "../audit/record.ts";

/** sql is the pool, or the transaction of an idempotent request: use http/transaction.ts to nest. */
export type Services = { sql: Queries; config: Config; log: Logger; integrations: Integrations };

export type Env = {
  Variables: Services & {
    requestId: string;
    user?: SessionUser;
    /** What a mutating request has done, for the audit trail (audit/record.ts). */
    audit?: AuditEntry[];
  };
};
