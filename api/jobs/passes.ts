// Background work run on demand, one pass at a time: the streams' passes over the
// access lists (access/door_streams.ts, member_doors/member_streams.ts), the
// webhook sender's claims and records, the search index's merge.

/**
 * `pass` run on demand, one at a time: asked while one runs, it runs once more after
 * it (however often it was asked meanwhile). A failure is logged by `failed`.
 */
export function passes(pass: () => Promise<void>, failed: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  return () => {
    if (running) return void (again = true);
    running = true;
    (async () => {
      do {
        again = false;
        await pass().catch(failed);
      } while (again);
      running = false;
    })();
  };
}
