// What the rest of the API knows of Last Lock: the LastLockClient interface, and
// its implementation: lastlock.proto over gRPC-Web with Deno's fetch (see
// protocol.ts). Every call has a deadline; every answer is checked before use;
// every failure becomes a LastLockError whose kind the routes turn into an HTTP
// answer.
import { z } from "zod";
import {
  CONTENT_TYPE,
  DATA_FRAME,
  decodeMessage,
  decodeStatusMessage,
  encodeMessage,
  frame,
  method as protocolMethod,
  type MethodName,
  MISSING_KEY,
  STATUS,
  unframe,
  type WireDeviceState,
} from "./protocol.ts";
import { CREDENTIAL_TYPES, type CredentialType } from "./credential_types.ts";

export type RangeSchedule = { start: string; end: string };

export type ServiceStatus = { serviceVersion: string; accountName: string; deviceCount: number };

export type LastLockDevice = {
  deviceId: number;
  name: string;
  description: string;
  state: "pending" | "approved";
  createdAt: Date;
  model: string;
  firmware: string;
};

export type LastLockCredential = {
  credentialId: string;
  userId: string;
  credentialType: CredentialType;
  schedule: RangeSchedule | null;
  createdAt: Date;
};

export type LastLockDeviceCredential = LastLockCredential & { assignedAt: Date };

export type NewLastLockCredential = {
  userId: string;
  credentialType: CredentialType;
  credentialData: Uint8Array;
  schedule: RangeSchedule | null;
};

export interface LastLockClient {
  getStatus(): Promise<ServiceStatus>;
  listDevices(state?: LastLockDevice["state"]): Promise<LastLockDevice[]>;
  approveDevice(deviceId: number): Promise<LastLockDevice>;
  listDeviceCredentials(deviceId: number): Promise<LastLockDeviceCredential[]>;
  createCredential(input: NewLastLockCredential): Promise<LastLockCredential>;
  assignCredential(deviceId: number, credentialId: string): Promise<{ assignedAt: Date }>;
  removeCredential(deviceId: number, credentialId: string): Promise<void>;
}

/**
 * unreachable: no connection; timeout: no answer before the deadline;
 * unauthenticated: the token was refused; malformed: an answer that is not what
 * lastlock.proto promises; notFound / invalid / precondition: Last Lock refused the
 * request and said why; failed: any other error on Last Lock's side.
 */
export type LastLockFailure =
  | "unreachable"
  | "timeout"
  | "unauthenticated"
  | "malformed"
  | "notFound"
  | "invalid"
  | "precondition"
  | "failed";

export class LastLockError extends Error {
  constructor(
    readonly kind: LastLockFailure,
    message: string,
    /** For notFound: which of the two the service did not know. */
    readonly missing?: "device" | "credential",
    /** What the transport said, for the server log only. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "LastLockError";
  }
}

/**
 * LASTLOCK_GRPC_HOST as a base URL: "host:port" means TLS (https://host:port);
 * an http:// or https:// URL (a path prefix allowed) is taken as it is.
 */
export function grpcBaseUrl(value: string): string {
  const text = value.trim();
  const url = /^https?:\/\//i.test(text)
    ? text
    : /^[^/\s:]+:\d{1,5}$/.test(text)
    ? `https://${text}`
    : null;
  if (!url || !URL.canParse(url)) {
    throw new Error("must be host:port, or an http:// or https:// URL");
  }
  return url.replace(/\/+$/, "");
}

export type LastLockClientOptions = {
  /** As LASTLOCK_GRPC_HOST: "host:port" (TLS), or an http(s):// URL. */
  target: string;
  apiToken: string | undefined;
  timeoutMs: number;
};

// --- the answers, as lastlock.proto promises them ------------------------------

const time = z.number().int().positive();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const deviceState = z.enum(["DEVICE_STATE_PENDING_APPROVAL", "DEVICE_STATE_APPROVED"]);
const wireDevice = z.object({
  deviceId: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string(),
  state: deviceState,
  timeCreatedMs: time,
  model: z.string(),
  firmware: z.string(),
});
const wireCredential = z.object({
  credentialId: z.string().min(1),
  userId: z.string(),
  credentialType: z.enum(CREDENTIAL_TYPES),
  schedule: z.object({
    rangeSchedule: z.object({ start: hhmm, end: hhmm }).nullable().optional(),
  }).nullable(),
  timeCreatedMs: time,
});
const answers = {
  GetStatus: z.object({
    serviceVersion: z.string(),
    accountName: z.string(),
    deviceCount: z.number().int().min(0),
  }),
  ListDevices: z.object({ devices: z.array(wireDevice) }),
  ApproveDevice: wireDevice,
  ListDeviceCredentials: z.object({
    credentials: z.array(z.object({ credential: wireCredential, timeAssignedMs: time })),
  }),
  CreateCredential: wireCredential,
  AssignCredential: z.object({ timeAssignedMs: time }),
  RemoveCredential: z.object({}),
};
type Method = keyof typeof answers;

const toDevice = (d: z.infer<typeof wireDevice>): LastLockDevice => ({
  deviceId: d.deviceId,
  name: d.name,
  description: d.description,
  state: d.state === "DEVICE_STATE_APPROVED" ? "approved" : "pending",
  createdAt: new Date(d.timeCreatedMs),
  model: d.model,
  firmware: d.firmware,
});

const toCredential = (c: z.infer<typeof wireCredential>): LastLockCredential => ({
  credentialId: c.credentialId,
  userId: c.userId,
  credentialType: c.credentialType,
  schedule: c.schedule?.rangeSchedule ?? null,
  createdAt: new Date(c.timeCreatedMs),
});

const WIRE_STATE: Record<LastLockDevice["state"], WireDeviceState> = {
  pending: "DEVICE_STATE_PENDING_APPROVAL",
  approved: "DEVICE_STATE_APPROVED",
};

const MALFORMED = "The Last Lock service sent an answer Threshold cannot read";

/** A gRPC status that is not OK, as a LastLockError. */
function failure(
  code: number,
  said: string,
  missing: string | null,
  timeoutMs: number,
): LastLockError {
  const name = Object.entries(STATUS).find(([, value]) => value === code)?.[0] ?? String(code);
  const detail = `${name}: ${said}`;
  const quoted = said ? `: ${said}` : "";
  switch (code) {
    case STATUS.DEADLINE_EXCEEDED:
      return new LastLockError("timeout", timeoutMessage(timeoutMs), undefined, detail);
    case STATUS.UNAVAILABLE:
      return new LastLockError("unreachable", UNREACHABLE, undefined, detail);
    case STATUS.UNAUTHENTICATED:
    case STATUS.PERMISSION_DENIED:
      return new LastLockError("unauthenticated", REFUSED_TOKEN, undefined, detail);
    case STATUS.NOT_FOUND:
      return new LastLockError(
        "notFound",
        `Last Lock${quoted}`,
        missing === "device" || missing === "credential" ? missing : undefined,
        detail,
      );
    case STATUS.INVALID_ARGUMENT:
      return new LastLockError(
        "invalid",
        `Last Lock refused the request${quoted}`,
        undefined,
        detail,
      );
    case STATUS.FAILED_PRECONDITION:
    case STATUS.ALREADY_EXISTS:
      return new LastLockError("precondition", `Last Lock${quoted}`, undefined, detail);
    default:
      return new LastLockError(
        "failed",
        "The Last Lock service failed to handle the request",
        undefined,
        detail,
      );
  }
}

const UNREACHABLE = "Cannot reach the Last Lock service";
const REFUSED_TOKEN = "The Last Lock service refused the API token";
const timeoutMessage = (ms: number) => `The Last Lock service did not answer within ${ms / 1000} s`;

/** An HTTP error without a gRPC status (a proxy's page), as gRPC maps them. */
function httpFailure(status: number, timeoutMs: number): LastLockError {
  const code = status === 401
    ? STATUS.UNAUTHENTICATED
    : status === 403
    ? STATUS.PERMISSION_DENIED
    : [429, 502, 503, 504].includes(status)
    ? STATUS.UNAVAILABLE
    : STATUS.UNKNOWN;
  return failure(code, `HTTP ${status}`, null, timeoutMs);
}

/** The real client: lastlock.proto over gRPC-Web. */
export function createLastLockClient(options: LastLockClientOptions): LastLockClient {
  const base = grpcBaseUrl(options.target);
  const { timeoutMs } = options;

  async function exchange(name: MethodName, request: Record<string, unknown>) {
    const { path, request: requestType, response: responseType } = protocolMethod(name);
    const headers: Record<string, string> = {
      "content-type": CONTENT_TYPE,
      accept: CONTENT_TYPE,
      "x-grpc-web": "1",
      "grpc-timeout": `${timeoutMs}m`,
    };
    if (options.apiToken) headers.authorization = `Bearer ${options.apiToken}`;
    const signal = AbortSignal.timeout(timeoutMs);
    const transport = (error: unknown) => {
      const name = (error as Error)?.name;
      return name === "TimeoutError" || name === "AbortError"
        ? new LastLockError("timeout", timeoutMessage(timeoutMs), undefined, path)
        : new LastLockError("unreachable", UNREACHABLE, undefined, `${path}: ${error}`);
    };

    let res: Response;
    let body: Uint8Array;
    try {
      res = await fetch(`${base}${path}`, {
        method: "POST",
        headers,
        body: frame(DATA_FRAME, encodeMessage(requestType, request)),
        // The token must not follow a redirect to somewhere else.
        redirect: "error",
        signal,
      });
      body = new Uint8Array(await res.arrayBuffer());
    } catch (error) {
      throw transport(error);
    }

    // Trailers-only: an error (or, oddly, a bodiless OK) in the headers.
    const headerStatus = res.headers.get("grpc-status");
    if (headerStatus !== null && Number(headerStatus) !== STATUS.OK) {
      throw failure(
        Number(headerStatus),
        decodeStatusMessage(res.headers.get("grpc-message")),
        res.headers.get(MISSING_KEY),
        timeoutMs,
      );
    }
    if (!res.ok) throw httpFailure(res.status, timeoutMs);
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith("application/grpc-web")) {
      throw new LastLockError("malformed", MALFORMED, undefined, `${path}: content-type ${type}`);
    }
    const frames = unframe(body);
    if (!frames) {
      throw new LastLockError("malformed", MALFORMED, undefined, `${path}: a frame is cut short`);
    }
    const status = frames.trailers.get("grpc-status") ?? headerStatus;
    if (status === null || !/^\d+$/.test(status)) {
      throw new LastLockError("malformed", MALFORMED, undefined, `${path}: no grpc-status`);
    }
    if (Number(status) !== STATUS.OK) {
      throw failure(
        Number(status),
        decodeStatusMessage(frames.trailers.get("grpc-message")),
        frames.trailers.get(MISSING_KEY),
        timeoutMs,
      );
    }
    if (frames.messages.length !== 1) {
      throw new LastLockError(
        "malformed",
        MALFORMED,
        undefined,
        `${path}: ${frames.messages.length} messages`,
      );
    }
    try {
      return decodeMessage(responseType, frames.messages[0]);
    } catch (error) {
      throw new LastLockError("malformed", MALFORMED, undefined, `${path}: ${error}`);
    }
  }

  async function call<M extends Method>(
    name: M,
    request: Record<string, unknown>,
  ): Promise<z.infer<(typeof answers)[M]>> {
    const value = await exchange(name, request);
    const parsed = answers[name].safeParse(value);
    if (!parsed.success) {
      throw new LastLockError(
        "malformed",
        MALFORMED,
        undefined,
        `${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
      );
    }
    return parsed.data as z.infer<(typeof answers)[M]>;
  }

  const schedule = (range: RangeSchedule | null) => range ? { rangeSchedule: range } : null;

  return {
    getStatus: () => call("GetStatus", {}),
    listDevices: async (state) => {
      const answer = await call("ListDevices", {
        state: state ? WIRE_STATE[state] : "DEVICE_STATE_UNSPECIFIED",
      });
      return answer.devices.map(toDevice);
    },
    approveDevice: async (deviceId) => toDevice(await call("ApproveDevice", { deviceId })),
    listDeviceCredentials: async (deviceId) => {
      const answer = await call("ListDeviceCredentials", { deviceId });
      return answer.credentials.map((entry) => ({
        ...toCredential(entry.credential),
        assignedAt: new Date(entry.timeAssignedMs),
      }));
    },
    createCredential: async (input) =>
      toCredential(
        await call("CreateCredential", {
          userId: input.userId,
          credentialType: input.credentialType,
          credentialData: input.credentialData,
          schedule: schedule(input.schedule),
        }),
      ),
    assignCredential: async (deviceId, credentialId) => {
      const answer = await call("AssignCredential", { deviceId, credentialId });
      return { assignedAt: new Date(answer.timeAssignedMs) };
    },
    removeCredential: async (deviceId, credentialId) => {
      await call("RemoveCredential", { deviceId, credentialId });
    },
  };
}
