// What every server-sent event stream of the API shares (the doors' stream, the
// dashboards' live events): it stays open until the other side goes or the server
// shuts down, with a comment line every 25 seconds (spec 3 §3) so that proxies and
// the client's own timeout do not close an idle one.
import type { SSEStreamingApi } from "hono/streaming";

const KEEP_ALIVE_MS = 25_000;

export async function keepOpen(stream: SSEStreamingApi) {
  while (!stream.aborted) {
    await stream.sleep(KEEP_ALIVE_MS);
    if (!stream.aborted) await stream.write(": keep-alive\n\n");
  }
}
