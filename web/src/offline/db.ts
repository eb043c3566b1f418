// The app's one IndexedDB database (Dexie): the persisted React Query cache and
// the outbox of changes waiting for the server.
import Dexie, { type Table } from "dexie";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import type { OutboxRow } from "./outbox_rules";

export type CacheRow = { key: "client"; value: PersistedClient };

export class OfflineDb extends Dexie {
  cache!: Table<CacheRow, string>;
  outbox!: Table<OutboxRow, number>;

  constructor() {
    super("threshold");
    this.version(1).stores({
      cache: "key",
      outbox: "++seq, status",
    });
  }
}

export const db = new OfflineDb();
