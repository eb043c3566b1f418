// SHA-256 as hex, the one way the API writes it: the hashes kept of tokens and device
// keys, an Idempotency-Key's fingerprint, a guest's PIN and pass in an access list,
// the lists' entity tags and digest shares. Synchronous (node:crypto): the largest
// input is a request's body (MAX_BODY_BYTES), and crypto.subtle's promise cost
// 15-70 µs a hash against 1-3 µs, on paths that hash once per door of a campus
// (issue 33) or before a door's decision.
import { createHash } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
