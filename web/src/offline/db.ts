// The IndexedDB tables this browser keeps (storage.ts says what belongs to whom):
// the persisted query cache and the outbox. A module of its own so that Dexie
// loads with the first screen that needs them, not with the sign-in page.
import Dexie, { type Table } from "dexie";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import type { OutboxRow } from "./outbox_rules";
import { storedUser } from "./storage";

/** The persisted React Query cache of one user. */
export type CacheRow = { key: "client"; userId: number; value: PersistedClient };

export class OfflineDb extends Dexie {
  cache!: Table<CacheRow, string>;
  outbox!: Table<OutboxRow, number>;

  constructor() {
    super("threshold");
    this.version(1).stores({ cache: "key", outbox: "++seq, status" });
    // Version 2 tags rows with their user. Rows from before belong to the user
    // this browser has signed in; with nobody signed in, they have no owner and go.
    this.version(2).stores({ cache: "key", outbox: "++seq, status, userId" }).upgrade(async (tx) => {
      const owner = storedUser()?.id;
      for (const name of ["cache", "outbox"]) {
        const table = tx.table(name);
        if (owner === undefined) await table.clear();
        else await table.toCollection().modify((row: { userId?: number }) => void (row.userId ??= owner));
      }
    });
  }
}

export const db = new OfflineDb();
