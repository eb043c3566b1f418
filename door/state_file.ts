// What a door controller keeps on disk, so that a restart while the server is
// gone still decides (the last access list, unless the server last refused its key)
// and loses nothing (the decisions made alone, until the server has them). Written
// whole to a temporary file and renamed over the old one: a crash mid-write leaves the
// previous state, never half of one.
import type { AccessList } from "../api/access/access_list.ts";
import type { CredentialInput, Reason } from "../api/access/schemas.ts";
import type { DoorEventType } from "../api/doors/door_rules.ts";
import type { PinFailures } from "../api/access/offline_decision.ts";

/** A decision made alone, as POST /api/access/devices/self/events takes it. */
export type OfflineEvent = {
  eventId: string;
  timestamp: string;
  credential: CredentialInput;
  decision: "granted" | "denied";
  reason?: Reason;
  action: string;
};

/** A door input, as POST /api/access/devices/self/door-events takes it. */
export type DoorInputEvent = { eventId: string; at: string; type: DoorEventType; released?: boolean };

export type DoorState = {
  etag: string | null;
  list: AccessList | null;
  /** The list's version (Access-List-Version): what it asks for changes since. */
  version: string | null;
  /** Decided alone, not yet accepted by the server. */
  pending: OfflineEvent[];
  /** The door's inputs (position, exit, tamper), not yet accepted by the server, in order. */
  doorEvents: DoorInputEvent[];
  /** When someone was last let in here (first person in, spec 3 §1). */
  lastGrantAt: string | null;
  /** The wrong PINs it saw deciding alone, and the lockout they made (WrongPins). */
  wrongPins: PinFailures;
  /** The server refused its key (401) when last asked: it grants nobody alone until the server takes it again. */
  keyRefused: boolean;
};

/** A controller's state before it has anything: new each time, as a controller changes its own in place. */
export const emptyState = (): DoorState => ({
  etag: null,
  list: null,
  version: null,
  pending: [],
  doorEvents: [],
  lastGrantAt: null,
  wrongPins: { at: [], lockedUntil: null },
  keyRefused: false,
});

/** Where a controller keeps its state: a file (fileStore), or memory for the demo's doors. */
export type StateStore = { load(): Promise<DoorState>; save(state: DoorState): Promise<void> };

/**
 * Saves one after another: two at once would share the temporary file (a badge's
 * decision and an upload finishing together), and the second rename would find it gone.
 */
export function fileStore(path: string): StateStore {
  let saving: Promise<void> = Promise.resolve();
  return {
    load: () => loadState(path),
    save: (state) => (saving = saving.catch(() => {}).then(() => saveState(path, state))),
  };
}

/** The demo's in-process doors (api/access/door_simulator.ts): nothing to survive, no disk. */
export function memoryStore(): StateStore {
  let kept = JSON.stringify(emptyState());
  return {
    load: () => Promise.resolve(JSON.parse(kept)),
    save: (state) => Promise.resolve(void (kept = JSON.stringify(state))),
  };
}

async function loadState(path: string): Promise<DoorState> {
  try {
    return { ...emptyState(), ...JSON.parse(await Deno.readTextFile(path)) };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return emptyState();
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
