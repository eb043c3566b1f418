// Request bodies of the device calls (spec 2 §3, §5, §7).
import { z } from "zod";
import { id } from "../http/schema_parts.ts";

export const DEVICE_TYPES = ["sensor", "lock", "camera", "reader", "density", "lastlock"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const NAME_AND_ID_REQUIRED = "Device name and device ID are required.";

const type = z.enum(DEVICE_TYPES, { error: `must be one of ${DEVICE_TYPES.join(", ")}` });
const authType = z.enum(["bearer", "oauth"], { error: "must be bearer or oauth" });

/** Optional text: trimmed, blank or null becomes null, left out stays undefined (keep). */
const text = (max: number) =>
  z.string({ error: "must be text" }).max(max, `must be at most ${max} characters`)
    .nullable().optional()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim()
    );

/** A secret is kept as given (no trimming: it is opaque); blank or null clears it. */
const secret = z.string({ error: "must be text" }).max(4_096, "is too long").nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "" ? null : value));

/** The room id, as a number or the digits of one; "" and null mean no room. */
export const roomId = z.preprocess(
  (value) =>
    value === ""
      ? null
      : typeof value === "string" && /^\d{1,10}$/.test(value.trim())
      ? Number(value)
      : value,
  z.number({ error: "must be a room id or null" }).int("must be a whole number")
    .positive("must be positive").max(2_147_483_647, "is too large").nullable(),
);

export const createDeviceBody = z.object({
  name: z.string({ error: "Device name is required" }).max(200, "must be at most 200 characters")
    .optional(),
  deviceId: text(64),
  type,
  manufacturer: text(200),
  roomId: roomId.optional(),
  isActive: z.boolean({ error: "must be true or false" }).optional(),
}).superRefine((value, ctx) => {
  if (!value.name?.trim()) {
    ctx.addIssue({ code: "custom", message: "Device name is required", path: [] });
  }
}).transform((value) => ({ ...value, name: value.name!.trim() }));

export type CreateDeviceInput = z.infer<typeof createDeviceBody>;

/**
 * PUT takes the device as the detail form holds it (spec 2 §3). The fields a
 * person configures are validated and saved; a field left out keeps its value,
 * null or "" empties it. What the integrations report (Last Lock and UniFi
 * details, last access, counts, timestamps) and derived fields (roomName,
 * has*) are read-only: they may be sent back and are ignored.
 */
export const updateDeviceBody = z.object({
  name: z.string({ error: NAME_AND_ID_REQUIRED }).max(200, "must be at most 200 characters")
    .optional(),
  deviceId: z.string({ error: NAME_AND_ID_REQUIRED }).max(64, "must be at most 64 characters")
    .optional(),
  type: type.optional(),
  manufacturer: text(200),
  roomId: roomId.optional(),
  isActive: z.boolean({ error: "must be true or false" }).optional(),
  /** Only as the server makes it (pendingAfter in routes.ts). */
  isPending: z.boolean({ error: "must be true or false" }).optional(),
  densitySpaceId: text(200),
  densityAuthType: authType.nullable().optional()
    .transform((value) => (value === null ? "bearer" as const : value)),
  densityApiToken: secret,
  densityClientId: secret,
  densityClientSecret: secret,
  lastLockDescription: text(2_000),
}).superRefine((value, ctx) => {
  if (!value.name?.trim() || !value.deviceId?.trim()) {
    ctx.addIssue({ code: "custom", message: NAME_AND_ID_REQUIRED, path: [] });
  }
}).transform((value) => ({ ...value, name: value.name!.trim(), deviceId: value.deviceId!.trim() }));

export type UpdateDeviceInput = z.infer<typeof updateDeviceBody>;

export const assignBody = z.object({
  roomId,
  /** Only as the server makes it (pendingAfter in routes.ts): the UniFi tab sends false. */
  isPending: z.boolean({ error: "must be true or false" }).optional(),
});

/** ?roomId= narrows the list to one room; left blank it is ignored. */
export const listQuery = z.object({
  roomId: z.preprocess((value) => (value === "" ? undefined : value), id.optional()),
});
