// Password hashing: argon2id with OWASP's minimum settings (m=19 MiB, t=2, p=1).
// hash-wasm runs it in WebAssembly, so it works the same in Deno everywhere.
// The encoded form ($argon2id$v=19$m=...,t=...,p=...$salt$hash) carries its own
// parameters, so stronger settings later still verify old hashes.
import { argon2id, argon2Verify } from "hash-wasm";

const PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(plain: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ password: plain, salt, ...PARAMS, outputType: "encoded" });
}

/** False for a wrong password and for anything that is not a valid argon2 hash. */
export async function verifyPassword(plain: string, encoded: string): Promise<boolean> {
  try {
    return await argon2Verify({ password: plain, hash: encoded });
  } catch {
    return false;
  }
}
