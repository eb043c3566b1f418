// Secrets handed to a browser or sent by e-mail (a session's cookie, an invitation's
// or a reset's link; spec 4 conventions): 32 random bytes, base64url, and only their
// SHA-256 kept. A token is found by its hash's index: what a lookup's time could tell
// is about the hash, which says nothing of any other token.
import { sha256Hex } from "../sha256.ts";

/** 43 characters of base64url: anything else was never a token. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** The hash of a link's token, or null for text that cannot be one (answered as unknown). */
export function linkTokenHash(token: string): string | null {
  return TOKEN.test(token) ? hashToken(token) : null;
}
