// A Last Lock service that speaks lastlock.proto over gRPC-Web (protocol.ts),
// served by Deno.serve, with believable, deterministic state: the three demo
// locks (70101-70103) approved and three new locks awaiting approval. It runs
// inside the API when LASTLOCK_GRPC_HOST is unset (connect.ts), and in the
// tests, which can also tell it to misbehave: answer an error, answer late,
// answer bytes that are not the promised message, or a proxy's error page.
import {
  concat,
  CONTENT_TYPE,
  DATA_FRAME,
  decodeMessage,
  encodeMessage,
  encodeStatusMessage,
  frame,
  method as protocolMethod,
  type MethodName,
  METHODS,
  MISSING_KEY,
  SERVICE,
  STATUS,
  type StatusCode,
  trailerFrame,
  unframe,
  type WireCredential,
  type WireDevice,
  type WireDeviceState,
} from "./protocol.ts";
import { CREDENTIAL_TYPES, type CredentialType } from "./credential_types.ts";
import { loopbackServer } from "../loopback.ts";

export type Misbehaviour =
  | { kind: "error"; code: StatusCode; message?: string }
  | { kind: "delay"; ms: number }
  /** Bytes that do not decode as the promised message. */
  | { kind: "garbage" }
  /** A message that decodes but has nothing in it (ids 0, names empty). */
  | { kind: "empty" }
  /** A body cut off in the middle of a frame. */
  | { kind: "truncated" }
  /** A plain HTTP error with no gRPC status, as a proxy in front would answer. */
  | { kind: "http"; status: number };

export type LastLockSimulatorOptions = {
  apiToken: string;
  /** The clock the initial state is dated from (default: the real one). */
  now?: () => number;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAX_CREDENTIAL_BYTES = 1024;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

// [id, name, description, state, age]
const INITIAL_DEVICES: [number, string, string, "approved" | "pending", number][] = [
  [70101, "Executive Suite Smart Lock", "Last Lock Pro deadbolt: Executive Suite", "approved", 73],
  [70102, "Fitness Center Smart Lock", "Last Lock Pro deadbolt: Fitness Center", "approved", 75],
  [70103, "Side Entrance Smart Lock", "Last Lock Pro deadbolt: Side Entrance", "approved", 79],
  [70201, "Front Door Lock", "Last Lock Pro deadbolt: main entrance, east side", "pending", 2],
  [
    70202,
    "Loading Dock Side Door Lock",
    "Last Lock Mortise: loading dock staff door",
    "pending",
    1,
  ],
  [70203, "Rooftop Access Lock", "Last Lock Pro deadbolt: roof hatch stairwell", "pending", 0.125],
];

// Field 15 with wire type 7, which does not exist: no message decodes from it.
const GARBAGE_BYTES = new Uint8Array([0x7f, 0x7f, 0x7f]);

type Fail = { code: StatusCode; details: string; missing?: "device" | "credential" };
class SimulatorRefusal extends Error {
  constructor(readonly fail: Fail) {
    super(fail.details);
  }
}
const refuse = (code: StatusCode, details: string, missing?: Fail["missing"]): never => {
  throw new SimulatorRefusal({ code, details, missing });
};

export function createLastLockSimulator(options: LastLockSimulatorOptions) {
  const startedAt = (options.now ?? Date.now)();
  const clock = options.now ?? Date.now;
  const devices = new Map<number, WireDevice>(
    INITIAL_DEVICES.map(([deviceId, name, description, state, ageDays]) => [deviceId, {
      deviceId,
      name,
      description,
      state: state === "approved" ? "DEVICE_STATE_APPROVED" : "DEVICE_STATE_PENDING_APPROVAL",
      timeCreatedMs: Math.round(startedAt - ageDays * DAY),
      model: description.startsWith("Last Lock Mortise") ? "LL-MORTISE-1" : "LL-PRO-2",
      firmware: state === "approved" ? "3.8.1" : "3.9.0",
    }]),
  );
  const credentials = new Map<string, WireCredential & { data: Uint8Array }>();
  const assignments = new Map<number, Map<string, number>>();
  let nextCredential = 1;
  let rule: { how: Misbehaviour; method?: string; times: number } | null = null;
  const calls: string[] = [];

  const device = (deviceId: number) =>
    devices.get(deviceId) ??
      refuse(STATUS.NOT_FOUND, `device ${deviceId} not found`, "device");
  const credential = (credentialId: string) =>
    credentials.get(credentialId) ??
      refuse(STATUS.NOT_FOUND, `credential ${credentialId} not found`, "credential");
  const publicCredential = ({ data: _data, ...rest }: WireCredential & { data: Uint8Array }) =>
    rest;

  // Requests arrive as decoded messages; each handler names the fields it reads.
  // deno-lint-ignore no-explicit-any
  type Message = any;
  const handlers: Record<MethodName, (request: Message) => unknown> = {
    GetStatus: () => ({
      serviceVersion: "lastlock-simulator 1.0",
      accountName: "Threshold demo building",
      deviceCount: devices.size,
    }),
    ListDevices: (request: { state: WireDeviceState }) => ({
      devices: [...devices.values()].filter((d) =>
        request.state === "DEVICE_STATE_UNSPECIFIED" || d.state === request.state
      ),
    }),
    ApproveDevice: (request: { deviceId: number }) => {
      const found = device(request.deviceId);
      found.state = "DEVICE_STATE_APPROVED";
      return found;
    },
    ListDeviceCredentials: (request: { deviceId: number }) => {
      device(request.deviceId);
      const on = assignments.get(request.deviceId) ?? new Map();
      return {
        credentials: [...on].map(([id, timeAssignedMs]) => ({
          credential: publicCredential(credentials.get(id)!),
          timeAssignedMs,
        })),
      };
    },
    CreateCredential: (request: {
      userId: string;
      credentialType: string;
      credentialData: Uint8Array;
      schedule: { rangeSchedule?: { start: string; end: string } | null } | null;
    }) => {
      if (!request.userId) refuse(STATUS.INVALID_ARGUMENT, "user_id is required");
      if (!CREDENTIAL_TYPES.includes(request.credentialType as CredentialType)) {
        refuse(STATUS.INVALID_ARGUMENT, "credential_type is required");
      }
      const size = request.credentialData?.length ?? 0;
      if (size < 1 || size > MAX_CREDENTIAL_BYTES) {
        refuse(
          STATUS.INVALID_ARGUMENT,
          `credential_data must be 1 to ${MAX_CREDENTIAL_BYTES} bytes`,
        );
      }
      const range = request.schedule?.rangeSchedule ?? null;
      if (range && (!HHMM.test(range.start) || !HHMM.test(range.end))) {
        refuse(STATUS.INVALID_ARGUMENT, "range_schedule start and end must be HH:MM");
      }
      const created = {
        credentialId: `llc_${String(nextCredential++).padStart(4, "0")}`,
        userId: request.userId,
        credentialType: request.credentialType as CredentialType,
        schedule: range ? { rangeSchedule: { start: range.start, end: range.end } } : null,
        timeCreatedMs: clock(),
        data: new Uint8Array(request.credentialData),
      };
      credentials.set(created.credentialId, created);
      return publicCredential(created);
    },
    AssignCredential: (request: { deviceId: number; credentialId: string }) => {
      const lock = device(request.deviceId);
      if (lock.state !== "DEVICE_STATE_APPROVED") {
        refuse(STATUS.FAILED_PRECONDITION, `device ${lock.deviceId} is awaiting approval`);
      }
      credential(request.credentialId);
      const on = assignments.get(lock.deviceId) ?? new Map<string, number>();
      assignments.set(lock.deviceId, on);
      if (!on.has(request.credentialId)) on.set(request.credentialId, clock());
      return { timeAssignedMs: on.get(request.credentialId)! };
    },
    RemoveCredential: (request: { deviceId: number; credentialId: string }) => {
      device(request.deviceId);
      credential(request.credentialId);
      if (!assignments.get(request.deviceId)?.delete(request.credentialId)) {
        refuse(
          STATUS.NOT_FOUND,
          `credential ${request.credentialId} is not on device ${request.deviceId}`,
          "credential",
        );
      }
      return {};
    },
  };

  const grpcWeb = { "content-type": CONTENT_TYPE };
  const answerWith = (message: Uint8Array) =>
    new Response(concat(frame(DATA_FRAME, message), trailerFrame({ "grpc-status": "0" })), {
      headers: grpcWeb,
    });
  const fail = ({ code, details, missing }: Fail) =>
    // Trailers-only: the status in the headers and no body.
    new Response(null, {
      headers: {
        ...grpcWeb,
        "grpc-status": String(code),
        "grpc-message": encodeStatusMessage(details),
        ...(missing ? { [MISSING_KEY]: missing } : {}),
      },
    });

  async function handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const name = path.startsWith(`/${SERVICE}/`) ? path.slice(SERVICE.length + 2) : "";
    if (request.method !== "POST" || !METHODS.includes(name as MethodName)) {
      return new Response("Not Found", { status: 404 });
    }
    const methodName = name as MethodName;
    calls.push(methodName);
    if (!request.headers.get("content-type")?.startsWith("application/grpc-web")) {
      return new Response("Unsupported Media Type", { status: 415 });
    }
    const { request: requestType, response: responseType } = protocolMethod(methodName);
    const frames = unframe(new Uint8Array(await request.arrayBuffer()));
    if (!frames || frames.messages.length !== 1) {
      return fail({ code: STATUS.INTERNAL, details: "the request is not one gRPC-Web message" });
    }
    let message: Record<string, unknown>;
    try {
      message = decodeMessage(requestType, frames.messages[0]);
    } catch {
      return fail({ code: STATUS.INVALID_ARGUMENT, details: "the request does not decode" });
    }

    const active = rule && (!rule.method || rule.method === methodName) ? rule : null;
    if (active) {
      if (--active.times <= 0) rule = null;
      const how = active.how;
      switch (how.kind) {
        case "error":
          return fail({ code: how.code, details: how.message ?? "simulated failure" });
        case "garbage":
          return answerWith(GARBAGE_BYTES);
        case "empty":
          return answerWith(new Uint8Array());
        case "truncated":
          return new Response(frame(DATA_FRAME, new Uint8Array(64)).subarray(0, 20), {
            headers: grpcWeb,
          });
        case "http":
          return new Response("<html><body>Bad Gateway</body></html>", {
            status: how.status,
            headers: { "content-type": "text/html" },
          });
        case "delay":
          // Late; stopping the simulator ends the wait at once.
          await server.sleep(how.ms);
      }
    }

    if (request.headers.get("authorization") !== `Bearer ${options.apiToken}`) {
      return fail({ code: STATUS.UNAUTHENTICATED, details: "invalid API token" });
    }
    try {
      const value = handlers[methodName](message) as Record<string, unknown>;
      return answerWith(encodeMessage(responseType, value));
    } catch (error) {
      if (error instanceof SimulatorRefusal) return fail(error.fail);
      return fail({ code: STATUS.INTERNAL, details: "simulator error" });
    }
  }

  const server = loopbackServer("Last Lock", handle);

  return {
    /** The service as a fetch handler (no network). */
    fetch: handle,
    /** Listens on a loopback port (0: any free one); `target` is its base URL. */
    async start(port = 0): Promise<{ port: number; target: string }> {
      const { port: listening, url } = await server.start(port);
      return { port: listening, target: url };
    },
    stop: server.stop,
    /** The next `times` calls (of `method`, or any) misbehave; null: behave again. */
    misbehave(how: Misbehaviour | null, { method, times = Infinity }: {
      method?: string;
      times?: number;
    } = {}) {
      rule = how ? { how, method, times } : null;
    },
    /** Method names in the order they were called. */
    calls,
    /** For tests: what the simulated service holds. */
    state: {
      device: (deviceId: number) => devices.get(deviceId),
      credential: (credentialId: string) => credentials.get(credentialId),
      assigned: (deviceId: number) => [...(assignments.get(deviceId)?.keys() ?? [])],
      /** Forget an approval, as a restarted simulator would. */
      forgetApproval: (deviceId: number) => {
        const found = devices.get(deviceId);
        if (found) found.state = "DEVICE_STATE_PENDING_APPROVAL";
      },
      /** Forget a credential, as a restarted simulator would. */
      forgetCredential: (credentialId: string) => {
        credentials.delete(credentialId);
        for (const on of assignments.values()) on.delete(credentialId);
      },
    },
  };
}

export type LastLockSimulator = ReturnType<typeof createLastLockSimulator>;
