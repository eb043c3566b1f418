// A guest's pass kept on their own device (spec 4 §5: "once loaded it shows PIN and
// QR offline"). The guest is not a Threshold user, so the pass is not the signed-in
// user's data (storage.ts): it is kept apart, in localStorage, across sign-ins and
// sign-outs, until its visit ends.
//
// The link's token is the credential, and it is never stored: the page reads it from
// its own address (the QR code is drawn from it there). What is stored is useless
// without that address: each pass under a hash of the token (not the server's hash,
// so the key names no row of the server's), its contents (the PIN above all)
// encrypted with AES-GCM under a key derived from the token. Opening the link again,
// offline, finds and opens it; anyone reading this browser's storage without the
// link finds a name and a time to forget it by.
import type { VisitPass } from "../../../api/visits/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

export type StoredPass = Json<VisitPass> & { savedAt: string };

const PREFIX = "threshold-pass:";
type Row = { keepUntil: string; iv: string; data: string };

const encoder = new TextEncoder();
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unbase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function digest(label: string, token: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(`${label}\u0000${token}`)));
}

async function keysOf(token: string) {
  const id = Array.from(await digest("threshold pass id", token), (b) => b.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", await digest("threshold pass key", token), "AES-GCM", false, ["encrypt", "decrypt"]);
  return { name: PREFIX + id, key };
}

/** Web Crypto is there only on https (and localhost): elsewhere nothing is kept. */
const canKeep = () => typeof crypto !== "undefined" && crypto.subtle !== undefined && typeof localStorage !== "undefined";

/** Drops every kept pass whose visit has ended. */
function dropEnded(now: number) {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const name = localStorage.key(i);
      if (!name?.startsWith(PREFIX)) continue;
      const row = JSON.parse(localStorage.getItem(name) ?? "null") as Row | null;
      if (!row || !(Date.parse(row.keepUntil) > now)) localStorage.removeItem(name);
    }
  } catch {
    // storage blocked: nothing kept anyway
  }
}

/** Keeps the pass (as the server answered it) until its visit ends. */
export async function keepPass(token: string, pass: Json<VisitPass>, now = new Date()): Promise<void> {
  if (!canKeep()) return;
  dropEnded(now.getTime());
  try {
    const { name, key } = await keysOf(token);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const stored: StoredPass = { ...pass, savedAt: now.toISOString() };
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(stored))));
    localStorage.setItem(name, JSON.stringify({ keepUntil: pass.endsAt, iv: base64(iv), data: base64(data) } satisfies Row));
  } catch {
    // storage full or blocked: the pass still shows while the page is open
  }
}

/** The pass kept for this token, or null (none, ended, or unreadable). */
export async function keptPass(token: string, now = new Date()): Promise<StoredPass | null> {
  if (!canKeep()) return null;
  dropEnded(now.getTime());
  try {
    const { name, key } = await keysOf(token);
    const row = JSON.parse(localStorage.getItem(name) ?? "null") as Row | null;
    if (!row) return null;
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unbase64(row.iv) }, key, unbase64(row.data));
    return JSON.parse(new TextDecoder().decode(plain)) as StoredPass;
  } catch {
    return null;
  }
}

/** Forgets the pass (revoked, replaced, ended). */
export async function forgetPass(token: string): Promise<void> {
  if (!canKeep()) return;
  try {
    localStorage.removeItem((await keysOf(token)).name);
  } catch {
    // storage blocked: nothing kept
  }
}
