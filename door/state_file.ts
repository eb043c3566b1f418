// What a door controller keeps on disk, so that a restart while the server is
// gone still decides (the last access list) and loses nothing (the decisions made
// alone, until the server has them). Written whole to a temporary file and renamed
// over the old one: a crash mid-write leaves the previous state, never half of one.
import type { AccessList } from "../api/access/access_list.ts";
import type { CredentialInput, Reason } from "../api/access/schemas.ts";

/** A decision made alone, as POST /api/access/devices/self/events takes it. */
export type OfflineEvent = {
  eventId: string;
  timestamp: string;
  credential: CredentialInput;
  decision: "granted" | "denied";
  reason?: Reason;
  action: string;
};

export type DoorState = {
  etag: string | null;
  list: AccessList | null;
  /** Decided alone, not yet accepted by the server. */
  pending: OfflineEvent[];
  /** When someone was last let in here (first person in, spec 3 §1). */
  lastGrantAt: string | null;
};

export const EMPTY: DoorState = { etag: null, list: null, pending: [], lastGrantAt: null };

/** Where a controller keeps its state: a file (fileStore), or memory for the demo's doors. */
export type StateStore = { load(): Promise<DoorState>; save(state: DoorState): Promise<void> };

export const fileStore = (path: string): StateStore => ({
  load: () => loadState(path),
  save: (state) => saveState(path, state),
});

/** The demo's in-process doors (api/access/door_simulator.ts): nothing to survive, no disk. */
export function memoryStore(): StateStore {
  let kept = JSON.stringify(EMPTY);
  return {
    load: () => Promise.resolve(JSON.parse(kept)),
    save: (state) => Promise.resolve(void (kept = JSON.stringify(state))),
  };
}

async function loadState(path: string): Promise<DoorState> {
  try {
    return { ...EMPTY, ...JSON.parse(await Deno.readTextFile(path)) };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { ...EMPTY };
    throw error;
  }
}

async function saveState(path: string, state: DoorState): Promise<void> {
  const temporary = `${path}.${Deno.pid}.tmp`;
  const file = await Deno.open(temporary, { write: true, create: true, truncate: true });
  try {
    const bytes = new TextEncoder().encode(JSON.stringify(state));
    for (let written = 0; written < bytes.length;) written += await file.write(bytes.subarray(written));
    await file.sync();
  } finally {
    file.close();
  }
  await Deno.rename(temporary, path);
}
