// The thread password.ts hashes on: argon2id (hash-wasm, WebAssembly) with OWASP's
// minimum settings (m=19 MiB, t=2, p=1). The encoded form
// ($argon2id$v=19$m=...,t=...,p=...$salt$hash) carries its own parameters, so
// stronger settings later still verify old hashes.
import { parentPort } from "node:worker_threads";
import { argon2id, argon2Verify } from "hash-wasm";

const PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** A job from password.ts: hash `plain`, or check it against `encoded`. */
export type Job = { id: number; plain: string; encoded?: string };
export type Done = { id: number; result: string | boolean };

async function work({ plain, encoded }: Job): Promise<string | boolean> {
  if (encoded === undefined) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    return await argon2id({ password: plain, salt, ...PARAMS, outputType: "encoded" });
  }
  try {
    return await argon2Verify({ password: plain, hash: encoded });
  } catch {
    // Not a valid argon2 hash: no password matches it.
    return false;
  }
}

parentPort!.on("message", async (job: Job) => {
  parentPort!.postMessage({ id: job.id, result: await work(job) } satisfies Done);
});
