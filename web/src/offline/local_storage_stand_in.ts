// Node has no localStorage: for the offline tests, a Map behind the same five calls
// stands in for the browser's. Imported before storage.ts, which reads it at load.
import { vi } from "vitest";

const stored = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, String(v)),
  removeItem: (k: string) => void stored.delete(k),
  clear: () => stored.clear(),
  key: (i: number) => [...stored.keys()][i] ?? null,
});
