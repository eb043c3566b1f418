// Registering a stored credential with Last Lock (CreateCredential) and keeping its
// id: one made before the integration (or by the demo data), when first assigned, or
// one Last Lock no longer knows (a restarted service), before it is assigned again.
// The lock test page's assignment (routes.ts) and the lock sync (lock_pass.ts) both do.
import { z } from "zod";
import type { Queries } from "../../db/connect.ts";
import type { LastLockClient, RangeSchedule } from "./client.ts";
import { CREDENTIAL_TYPES, type CredentialType } from "./credential_types.ts";
import { type CredentialRow, setProviderId } from "./repo.ts";

/** A stored credential Last Lock cannot take: the sentence says why. */
export class UnregistrableCredential extends Error {}

const storedSchedule = z.object({
  range_schedule: z.object({ start: z.string(), end: z.string() }),
});

function parseStoredSchedule(text: string | null): RangeSchedule | null {
  if (!text) return null;
  try {
    const parsed = storedSchedule.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.range_schedule : null;
  } catch {
    return null;
  }
}

/**
 * Registers the credential and stores Last Lock's id for it, in place of `replacing`;
 * answers the id now stored (another request may have stored one first). Last Lock's
 * failures are thrown as they are (LastLockError).
 */
export async function registerCredential(
  sql: Queries,
  client: LastLockClient,
  credential: CredentialRow,
  replacing: string | null,
): Promise<string> {
  if (!CREDENTIAL_TYPES.includes(credential.credentialType as CredentialType)) {
    throw new UnregistrableCredential(
      `Last Lock does not support ${credential.credentialType} credentials`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(credential.credentialData), (char) => char.charCodeAt(0));
  } catch {
    throw new UnregistrableCredential(
      "This credential's data is not base64, so Last Lock cannot take it",
    );
  }
  const created = await client.createCredential({
    userId: String(credential.userId),
    credentialType: credential.credentialType as CredentialType,
    credentialData: bytes,
    schedule: parseStoredSchedule(credential.scheduleData),
  });
  return await setProviderId(sql, credential.id, created.credentialId, replacing);
}
