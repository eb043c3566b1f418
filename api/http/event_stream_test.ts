// Server-sent events written from parts (event_stream.ts).
import { assertEquals } from "../testing/assert.ts";
import { SSEStreamingApi } from "hono/streaming";
import { writeEvent } from "./event_stream.ts";

/** A stream as streamSSE makes one, and what it sends. */
function stream() {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const api = new SSEStreamingApi(writable, readable);
  // Read as it is written: a write waits until its bytes are taken.
  const text = new Response(api.responseReadable).text();
  return { api, sent: () => text };
}

Deno.test("writeEvent sends, to the byte, the frame writeSSE sends for the same data; the same bytes go to many streams", async () => {
  const shared = new TextEncoder().encode('"users":[{"id":1,"name":"Zoë \u2028 Ünal"}]');
  const data = ['{"etag":"\\"a\\"","delta":{', shared, "}}"];
  const text = data.map((part) => typeof part === "string" ? part : new TextDecoder().decode(part)).join("");

  const expected = stream();
  await expected.api.writeSSE({ event: "list-changed", id: '"a"', data: text });
  await expected.api.close();

  const streams = [stream(), stream()];
  for (const { api } of streams) {
    await writeEvent(api, "list-changed", '"a"', data);
    await writeEvent(api, "list-changed", '"b"', ["{}"]);
    await api.close();
  }
  const frame = await expected.sent();
  for (const { sent } of streams) {
    assertEquals(await sent(), `${frame}event: list-changed\ndata: {}\nid: "b"\n\n`);
  }
});
