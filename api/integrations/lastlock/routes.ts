// The Last Lock calls of spec 2 §7, admin only. Each change asks Last Lock
// first and writes here only after it said yes, in one transaction: a service
// that is down or answers garbage gives a 502 (too slow: 504) and changes nothing.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Env } from "../../http/env.ts";
import { ApiError, badRequest, conflict } from "../../http/errors.ts";
import { found, notFound } from "../../http/not_found.ts";
import { body, idParam } from "../../http/validate.ts";
import { transaction } from "../../http/transaction.ts";
import { allow } from "../../auth/access.ts";
import type { Queries } from "../../db/connect.ts";
import { findDevice } from "../../devices/repo.ts";
import { type LastLockClient, LastLockError } from "./client.ts";
import { callGateway, connectionOf, gatewayFailure, statusOf } from "../gateway_errors.ts";
import { createCredentialBody } from "./schemas.ts";
import { registerCredential, UnregistrableCredential } from "./registration.ts";
import { audit, auditChange, targetOf } from "../../audit/record.ts";

const LAST_LOCK = { type: "integration", id: null, name: "Last Lock" };
import {
  approve,
  approvedHere,
  type CredentialRow,
  credentialsByProviderId,
  findCredential,
  findLock,
  insertCredential,
  isAssigned,
  listPending,
  recordAssignment,
  recordRemoval,
  saveDiscovered,
  scheduleText,
  userExists,
} from "./repo.ts";
import type {
  LastLockDiscovery,
  LastLockStatus,
  LockAssignment,
  LockCredential,
  LockRemoval,
} from "./contract.ts";

type Ctx = Context<Env>;

/**
 * A Last Lock failure as an HTTP answer: what Last Lock refused and said why is
 * the caller's 404, 400 or 409; the rest is the gateway's (gateway_errors.ts).
 */
function answerFor(c: Ctx, error: unknown): unknown {
  if (!(error instanceof LastLockError)) return error;
  switch (error.kind) {
    case "notFound":
      return new ApiError("not_found", error.message);
    case "invalid":
      return badRequest(error.message);
    case "precondition":
      return conflict(error.message);
    default:
      return gatewayFailure(c, "Last Lock", error);
  }
}

const connection = (c: Ctx) => connectionOf(c, c.var.integrations.lastLock);

/** Calls Last Lock; its failures become API errors. */
const ask = <T>(c: Ctx, work: (client: LastLockClient) => Promise<T>) =>
  callGateway(c, c.var.integrations.lastLock, work, answerFor);

const lockOr404 = async (sql: Queries, id: number) =>
  found(await findLock(sql, id), notFound.lastLockDevice);
const credentialOr404 = async (sql: Queries, id: number) =>
  found(await findCredential(sql, id), notFound.credential);

/** Registers a stored credential with Last Lock (registration.ts); its refusals become API errors. */
async function register(
  c: Ctx,
  credential: CredentialRow,
  replacing: string | null,
): Promise<string> {
  const { client } = await connection(c);
  try {
    return await registerCredential(c.var.sql, client, credential, replacing);
  } catch (error) {
    throw error instanceof UnregistrableCredential ? conflict(error.message) : answerFor(c, error);
  }
}

export const lastLockRoutes = new Hono<Env>()
  .get("/status", allow.admin, async (c) => {
    const status = await statusOf(c, c.var.integrations.lastLock, (client) => client.getStatus());
    return c.json(status satisfies LastLockStatus);
  })
  .post("/devices/discover", allow.admin, async (c) => {
    const sql = c.var.sql;
    const found = await ask(c, (client) => client.listDevices());
    // Threshold's approvals stand: a lock approved here that Last Lock lists as
    // awaiting approval (a restarted simulator, a reset account) is approved again.
    const waiting = found.filter((lock) => lock.state === "pending");
    const approved = new Set(await approvedHere(sql, waiting.map((lock) => lock.deviceId)));
    for (const lock of waiting.filter((lock) => approved.has(lock.deviceId))) {
      await ask(c, (client) => client.approveDevice(lock.deviceId));
    }
    const newDevices = await transaction(sql, (tx) => saveDiscovered(tx, found));
    audit(c, {
      action: "lastlock.discover",
      target: LAST_LOCK,
      changes: { newDevices: [null, newDevices] },
    });
    return c.json(
      {
        discovered: found.length,
        newDevices,
        pending: await listPending(sql),
      } satisfies LastLockDiscovery,
    );
  })
  .get("/devices/pending", allow.admin, async (c) => c.json(await listPending(c.var.sql)))
  .post("/devices/:id/approve", allow.admin, async (c) => {
    const id = idParam(c);
    const lock = await lockOr404(c.var.sql, id);
    if (!lock.isPending) throw conflict("This device is already approved");
    await ask(c, (client) => client.approveDevice(lock.lastLockDeviceId));
    await approve(c.var.sql, id);
    const device = await findDevice(c.var.sql, id);
    auditChange(c, "device", "approve", lock, device ?? null, ["isPending"]);
    return c.json(device);
  })
  .get("/devices/:id/credentials", allow.admin, async (c) => {
    const lock = await lockOr404(c.var.sql, idParam(c));
    const onLock = await ask(c, (client) => client.listDeviceCredentials(lock.lastLockDeviceId));
    const local = new Map(
      (await credentialsByProviderId(c.var.sql, onLock.map((entry) => entry.credentialId)))
        .map((row) => [row.providerCredentialId, row]),
    );
    return c.json(onLock.map((entry) => {
      const here = local.get(entry.credentialId);
      return {
        credentialId: here?.id ?? null,
        providerCredentialId: entry.credentialId,
        userId: here?.userId ?? null,
        userName: here?.userName ?? null,
        credentialType: entry.credentialType,
        scheduleData: scheduleText(entry.schedule),
        isActive: here?.isActive ?? null,
        assignedAt: entry.assignedAt,
      } satisfies LockCredential;
    }));
  })
  .post("/devices/:id/credentials/:credentialId", allow.admin, async (c) => {
    const sql = c.var.sql;
    const lock = await lockOr404(sql, idParam(c));
    const credential = await credentialOr404(sql, idParam(c, "credentialId"));
    if (lock.isPending) throw conflict("Approve this device before assigning credentials");
    // The lock sync would take it off again at once (lock_sync.ts): say so instead.
    if (!lock.isActive) throw conflict("This device is deactivated");
    if (lock.roomActive === false) throw conflict("This device's room is deactivated");
    if (!credential.isActive) throw conflict("This credential is deactivated");
    // The lock sync would take it off again at once (lock_pass.ts): refused, as a
    // deactivated user is refused a group.
    if (!credential.ownerIsActive) throw conflict("This credential belongs to a deactivated user");
    if (await isAssigned(sql, lock.id, credential.id)) {
      throw conflict("This credential is already assigned to this device");
    }
    let providerId = credential.providerCredentialId ?? await register(c, credential, null);
    const { client } = await connection(c);
    const assign = () => client.assignCredential(lock.lastLockDeviceId, providerId);
    let assigned: { assignedAt: Date };
    try {
      assigned = await assign();
    } catch (error) {
      const forgotten = error instanceof LastLockError && error.kind === "notFound" &&
        error.missing === "credential";
      if (!forgotten) throw answerFor(c, error);
      providerId = await register(c, credential, providerId);
      assigned = await ask(c, assign);
    }
    const saved = await transaction(
      sql,
      (tx) => recordAssignment(tx, lock.id, credential.id, assigned.assignedAt),
    );
    auditCredentialOnLock(c, "assign", lock, credential);
    return c.json(
      {
        deviceId: lock.id,
        credentialId: credential.id,
        providerCredentialId: providerId,
        assignedAt: saved.assignedAt,
        credentialCount: saved.credentialCount,
      } satisfies LockAssignment,
      201,
    );
  })
  .delete("/devices/:id/credentials/:credentialId", allow.admin, async (c) => {
    const sql = c.var.sql;
    const lock = await lockOr404(sql, idParam(c));
    const credential = await credentialOr404(sql, idParam(c, "credentialId"));
    if (!(await isAssigned(sql, lock.id, credential.id))) {
      throw notFound.assignment();
    }
    const providerId = credential.providerCredentialId;
    if (providerId) {
      const { client } = await connection(c);
      try {
        await client.removeCredential(lock.lastLockDeviceId, providerId);
      } catch (error) {
        // Not on the lock (any more) is what removing wants.
        if (!(error instanceof LastLockError && error.kind === "notFound")) {
          throw answerFor(c, error);
        }
      }
    }
    const credentialCount = await transaction(
      sql,
      (tx) => recordRemoval(tx, lock.id, credential.id),
    );
    auditCredentialOnLock(c, "remove", lock, credential);
    return c.json(
      {
        success: true,
        deviceId: lock.id,
        credentialId: credential.id,
        credentialCount,
      } satisfies LockRemoval,
    );
  })
  .post("/users/:id/credentials", allow.admin, async (c) => {
    const userId = idParam(c);
    const parsed = createCredentialBody.safeParse(await body(c, z.unknown()));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const input = parsed.data;
    if (!(await userExists(c.var.sql, userId))) throw notFound.user();
    const schedule = input.scheduleData?.range_schedule ?? null;
    const created = await ask(c, (client) =>
      client.createCredential({
        userId: String(userId),
        credentialType: input.credentialType,
        credentialData: input.credentialData.bytes,
        schedule,
      }));
    const row = await insertCredential(c.var.sql, {
      userId,
      credentialType: input.credentialType,
      credentialData: input.credentialData.text,
      scheduleData: scheduleText(schedule),
      providerCredentialId: created.credentialId,
    });
    // The data is recorded as set, never as it is: "[redacted]" (audit/changes.ts).
    const audited = { ...row, name: row.credentialType, credentialData: input.credentialData.text };
    auditChange(c, "lastlock_credential", "create", null, audited, [
      "userId",
      "credentialType",
      "credentialData",
      "scheduleData",
      "providerCredentialId",
    ]);
    return c.json(row, 201);
  });

/** device.credential.assign or .remove: the lock is the target, the credential the change. */
function auditCredentialOnLock(
  c: Context<Env>,
  verb: "assign" | "remove",
  lock: { id: number; name: string },
  credential: { id: number; credentialType: string; userName?: string | null },
) {
  const named = { id: credential.id, name: credential.credentialType };
  audit(c, {
    action: `device.credential.${verb}`,
    target: targetOf("device", lock),
    changes: { credential: verb === "assign" ? [null, named] : [named, null] },
  });
}
