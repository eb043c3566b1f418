// The wire protocol shared by the client and the simulator: the messages of
// lastlock.proto (encoded with protobufjs) carried as gRPC-Web
// (application/grpc-web+proto) over plain HTTP, so Deno's own fetch and
// Deno.serve carry them. Why not HTTP/2 gRPC: see docs/api.md, "Last Lock and UniFi".
//
// gRPC-Web, unary calls: POST {base}/lastlock.v1.LastLock/{Method}; the body is
// one frame (flag 0x00, 4-byte big-endian length, message). The answer is a data
// frame and a trailer frame (flag 0x80, "name:value\r\n" lines with grpc-status
// and grpc-message), or, for an error, no body and the same fields as headers.
import protobuf from "protobufjs";
import { fileURLToPath } from "node:url";
import type { CredentialType } from "./credential_types.ts";

export const PROTO_PATH = fileURLToPath(new URL("./lastlock.proto", import.meta.url));
export const SERVICE = "lastlock.v1.LastLock";
export const CONTENT_TYPE = "application/grpc-web+proto";

export const METHODS = [
  "GetStatus",
  "ListDevices",
  "ApproveDevice",
  "ListDeviceCredentials",
  "CreateCredential",
  "AssignCredential",
  "RemoveCredential",
] as const;
export type MethodName = (typeof METHODS)[number];

/** gRPC status codes (grpc/doc/statuscodes.md). */
export const STATUS = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

/** Metadata naming what a NOT_FOUND is about ("device" or "credential"). */
export const MISSING_KEY = "lastlock-missing";

export type WireDeviceState =
  | "DEVICE_STATE_UNSPECIFIED"
  | "DEVICE_STATE_PENDING_APPROVAL"
  | "DEVICE_STATE_APPROVED";

/** Messages as JavaScript objects: camelCase fields, enums by name, int64 as numbers. */
export type WireDevice = {
  deviceId: number;
  name: string;
  description: string;
  state: WireDeviceState;
  timeCreatedMs: number;
  model: string;
  firmware: string;
};

export type WireSchedule = { rangeSchedule?: { start: string; end: string } | null };

export type WireCredential = {
  credentialId: string;
  userId: string;
  credentialType: CredentialType | "CREDENTIAL_TYPE_UNSPECIFIED";
  schedule: WireSchedule | null;
  timeCreatedMs: number;
};

type Method = { path: string; request: protobuf.Type; response: protobuf.Type };
let methods: Map<MethodName, Method> | undefined;

/** Each method's path and message types, from lastlock.proto (loaded once). */
export function method(name: MethodName): Method {
  if (!methods) {
    const root = protobuf.loadSync(PROTO_PATH).resolveAll();
    const service = root.lookupService(SERVICE);
    methods = new Map(METHODS.map((m) => {
      const rpc = service.methods[m];
      return [m, {
        path: `/${SERVICE}/${m}`,
        request: rpc.resolvedRequestType!,
        response: rpc.resolvedResponseType!,
      }];
    }));
  }
  return methods.get(name)!;
}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: false,
};

export function encodeMessage(type: protobuf.Type, value: Record<string, unknown>): Uint8Array {
  return type.encode(type.fromObject(value)).finish();
}

/** Decodes a message; throws on bytes that are not one. */
export function decodeMessage(type: protobuf.Type, bytes: Uint8Array): Record<string, unknown> {
  return type.toObject(type.decode(bytes), TO_OBJECT);
}

// --- gRPC-Web framing -------------------------------------------------------------

export const DATA_FRAME = 0x00;
export const TRAILER_FRAME = 0x80;

export function frame(flag: number, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(5 + payload.length);
  out[0] = flag;
  new DataView(out.buffer).setUint32(1, payload.length);
  out.set(payload, 5);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The frames of a body; null when it is cut short or has an unknown frame. */
export function unframe(body: Uint8Array): { messages: Uint8Array[]; trailers: Headers } | null {
  const messages: Uint8Array[] = [];
  const trailers = new Headers();
  let at = 0;
  while (at < body.length) {
    if (body.length - at < 5) return null;
    const flag = body[at];
    const size = new DataView(body.buffer, body.byteOffset + at + 1, 4).getUint32(0);
    const payload = body.subarray(at + 5, at + 5 + size);
    if (payload.length !== size) return null;
    if (flag === DATA_FRAME) messages.push(payload);
    else if (flag === TRAILER_FRAME) {
      for (const line of new TextDecoder().decode(payload).split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) trailers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
    } else return null;
    at += 5 + size;
  }
  return { messages, trailers };
}

export function trailerFrame(fields: Record<string, string>): Uint8Array<ArrayBuffer> {
  const text = Object.entries(fields).map(([name, value]) => `${name}:${value}\r\n`).join("");
  return frame(TRAILER_FRAME, new TextEncoder().encode(text));
}

/** grpc-message is percent-encoded (gRPC over HTTP/2, "Responses"). */
export const encodeStatusMessage = (message: string) => encodeURIComponent(message);
export function decodeStatusMessage(value: string | null): string {
  if (!value) return "";
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
