// Password hashing, on a thread of its own (password_worker.ts): one argon2id hash
// is 100-600 ms of CPU here (19 MiB, two passes), and on the API's thread it held up
// everything else for that long: a door's decision, a lockdown, every live stream.
// One thread for the process, so sign-ins queue on it rather than take both cores;
// it keeps the process alive only while a hash is under way.
import { Worker } from "node:worker_threads";
import type { Done, Job } from "./password_worker.ts";

let worker: Worker | undefined;
let lastId = 0;
const pending = new Map<number, { resolve: (result: string | boolean) => void; reject: (error: unknown) => void }>();

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL("./password_worker.ts", import.meta.url));
  thread.unref();
  thread.on("message", ({ id, result }: Done) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) thread.unref();
    job?.resolve(result);
  });
  // The thread died (it should not): what it held fails, the next hash starts another.
  thread.on("error", (error) => {
    worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  });
  return (worker = thread);
}

function run(job: Omit<Job, "id">): Promise<string | boolean> {
  const thread = started();
  const id = ++lastId;
  if (pending.size === 0) thread.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ ...job, id } satisfies Job);
  });
}

export async function hashPassword(plain: string): Promise<string> {
  return (await run({ plain })) as string;
}

/** False for a wrong password and for anything that is not a valid argon2 hash. */
export async function verifyPassword(plain: string, encoded: string): Promise<boolean> {
  return (await run({ plain, encoded })) as boolean;
}
