// Device calls of spec 2 §7 and the device page's assigned credentials. Admin only.
import { Hono } from "hono";
import { doorBoard } from "../doors/board.ts";
import type { Env } from "../http/env.ts";
import { badRequest, conflict, uniqueOr409 } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { body, idParam, query } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { auditedDelete, auditedToggle, type RowKind, rowOr404 } from "../http/audited_rows.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import type { Queries } from "../db/connect.ts";
import type { Device } from "./contract.ts";
import { roomExists } from "../rooms/repo.ts";
import { assignBody, createDeviceBody, listQuery, updateDeviceBody } from "./schemas.ts";
import {
  assignDevice,
  deleteDevice,
  findDevice,
  generatedDeviceId,
  insertDevice,
  listDevices,
  updateDevice,
} from "./repo.ts";
import { assignedCredentials } from "./assigned_credentials.ts";
import { auditChange } from "../audit/record.ts";

const DUPLICATE_DEVICE_ID = "A device with this device ID already exists";
const GENERATE_ATTEMPTS = 50;

/** Devices in the audit trail: a deleted one shows these fields (an edit, every field). */
const DEVICES: RowKind<Device> = {
  table: "devices",
  type: "device",
  fields: ["name", "deviceId", "type", "roomName"],
  find: findDevice,
  missing: notFound.device,
};
const deviceOr404 = (sql: Queries, id: number) => rowOr404(DEVICES, sql, id);

/**
 * What a made or edited device's audit event compares: what the device is, and the
 * settings of its kind only (a card reader's event lists no Density fields); not the
 * figures the server keeps about it (last access, credential count, sync times).
 */
const AUDITED = ["name", "deviceId", "type", "manufacturer", "roomId", "roomName", "isActive", "isPending"];
const KIND_FIELDS: Partial<Record<Device["type"], string[]>> = {
  density: ["densitySpaceId", "densityAuthType", "hasDensityApiToken", "hasDensityClientId", "hasDensityClientSecret"],
  lastlock: ["lastLockDeviceId", "lastLockDescription"],
};
const UNIFI_FIELDS = ["unifiDeviceId", "unifiModel", "unifiIp", "unifiMac"];
/** The fields of the versions given (a device that changed kind: both kinds'). */
const auditedFields = (...versions: (Device | null)[]) => [
  ...new Set([
    ...AUDITED,
    ...versions.flatMap((d) => (d ? [...(KIND_FIELDS[d.type] ?? []), ...(d.unifiDeviceId ? UNIFI_FIELDS : [])] : [])),
  ]),
];

async function assertRoom(sql: Queries, roomId: number | null | undefined) {
  if (roomId != null && !(await roomExists(sql, roomId))) throw notFound.room();
}

/**
 * Whether the device waits (spec 2 §4) once its room is roomId: a UniFi device found by
 * discovery until it has a room, whichever screen or client gives it one; a Last Lock
 * device until it is approved (POST /api/lastlock/devices/{id}/approve, which tells Last
 * Lock), which no room does. The web's optimistic rows follow it (device_rules.ts).
 */
const pendingWithRoom = (device: Device, roomId: number | null) =>
  device.isPending && (device.unifiDeviceId === null || roomId === null);

const PENDING_IS_THE_SERVERS =
  "isPending cannot be set: a UniFi device stops pending when it is given a room, a Last Lock device when it is approved (POST /api/lastlock/devices/{id}/approve)";

/**
 * The device's isPending after the change. A body may send it only as that (the UniFi
 * tab sends false with the room, a form may send the device back): anything else would
 * skip Last Lock's ApproveDevice or put an approved device back to wait, and is refused.
 */
function pendingAfter(device: Device, roomId: number | null, asked: boolean | undefined) {
  const pending = pendingWithRoom(device, roomId);
  if (asked !== undefined && asked !== pending) throw badRequest(PENDING_IS_THE_SERVERS);
  return pending;
}

export const deviceRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => {
    const { roomId } = query(c, listQuery);
    return c.json(await listDevices(c.var.sql, roomId));
  })
  .post("/", allow.admin, async (c) => {
    const input = await body(c, createDeviceBody);
    const sql = c.var.sql;
    await assertRoom(sql, input.roomId);
    let id: number | undefined;
    if (input.deviceId) {
      id = await insertDevice(sql, input, input.deviceId);
      if (id === undefined) throw conflict(DUPLICATE_DEVICE_ID);
    } else {
      const now = Date.now();
      for (let attempt = 0; id === undefined && attempt < GENERATE_ATTEMPTS; attempt++) {
        id = await insertDevice(sql, input, generatedDeviceId(now, attempt));
      }
      if (id === undefined) throw conflict("Could not generate a free device ID; please give one");
    }
    const device = await deviceOr404(sql, id);
    auditChange(c, "device", "create", null, device, auditedFields(device));
    return c.json(device, 201);
  })
  // With what the Doors board says of it (spec 4 §1; doors/board.ts).
  .get("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const device = await deviceOr404(c.var.sql, id);
    const [door] = await doorBoard(c.var.sql, c.var.roomParts, [id]);
    return c.json({ ...device, connection: door.connection, position: door.position, list: door.list });
  })
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await body(c, updateDeviceBody);
    const device = await uniqueOr409(
      transaction(c.var.sql, async (tx) => {
        const before = await lockForEdit(c, tx, "devices", id, findDevice, notFound.device);
        await assertRoom(tx, input.roomId);
        const roomId = input.roomId === undefined ? before.roomId : input.roomId;
        const isPending = pendingAfter(before, roomId, input.isPending);
        await updateDevice(tx, id, { ...input, isPending });
        const after = await deviceOr404(tx, id);
        auditChange(c, "device", "update", before, after, auditedFields(before, after));
        return after;
      }),
      DUPLICATE_DEVICE_ID,
    );
    return c.json(device);
  })
  .patch("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const { roomId, isPending } = await body(c, assignBody);
    const sql = c.var.sql;
    const before = await deviceOr404(sql, id);
    await assertRoom(sql, roomId);
    await assignDevice(sql, id, roomId, pendingAfter(before, roomId, isPending));
    const after = await deviceOr404(sql, id);
    // A discovered device approved into a room (UniFi), or a device moved.
    auditChange(c, "device", "assign", before, after, ["roomId", "roomName", "isPending"]);
    return c.json(after);
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => c.json(await auditedToggle(c, DEVICES, idParam(c))))
  .delete("/:id", allow.admin, async (c) => c.json(await auditedDelete(c, DEVICES, idParam(c), deleteDevice)))
  .get("/:id/assigned-credentials", allow.admin, async (c) => {
    const device = await deviceOr404(c.var.sql, idParam(c));
    return c.json(await assignedCredentials(c.var.sql, device));
  });
