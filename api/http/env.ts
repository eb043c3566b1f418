// The services every handler may use, injected through Hono's context.
import type { Config } from "../config.ts";
import type { Queries } from "../db/connect.ts";
import type { Logger } from "./logger.ts";
import type { SessionUser } from "../auth/contract.ts";
import type { Integrations } from "../integrations/integrations.ts";
import type { AuditEntry } from "../audit/record.ts";
import type { Listen } from "../db/notifications.ts";
import type { DoorStreams } from "../access/door_streams.ts";
import type { LiveEvents } from "../events/live_events.ts";
import type { MemberStreams } from "../member_doors/member_streams.ts";
import type { RoomParts } from "../access/room_parts.ts";
import type { Admission } from "./admission.ts";
import type { Presence } from "../doors/presence.ts";

/**
 * sql is the pool, or the transaction of an idempotent request: use http/transaction.ts
 * to nest. listen: what other processes (and this one) NOTIFY (db/notifications.ts).
 */
export type Services = { sql: Queries; listen: Listen; config: Config; log: Logger; integrations: Integrations };

export type Env = {
  Variables: Services & {
    requestId: string;
    user?: SessionUser;
    /** The doors' open event streams in this process (access/door_streams.ts). */
    doors: DoorStreams;
    /** The rooms' parts of the access lists this process has worked out (access/room_parts.ts). */
    roomParts: RoomParts;
    /** The doors' access-list fetches this process runs at once (access/routes.ts). */
    listFetches: Admission;
    /** Whether each keyed device is connected, and which list it holds (doors/presence.ts). */
    presence: Presence;
    /** The dashboards' open live-event streams in this process (events/live_events.ts). */
    liveEvents: LiveEvents;
    /** The members' open live channels in this process (member_doors/member_streams.ts). */
    memberStreams: MemberStreams;
    /** What a mutating request has done, for the audit trail (audit/record.ts). */
    audit?: AuditEntry[];
  };
};
