// Server-sent event streams written straight into the answer (event_stream.ts).
import { assert, assertEquals } from "../testing/assert.ts";
import { Hono } from "hono";
import type { Env } from "./env.ts";
import { EventStream, eventStream, writeEvent } from "./event_stream.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("event streams", async (t) => {
  await t.step("an event from parts is one chunk: event, data on one line, id; the shared bytes go to every stream", async () => {
    const shared = new TextEncoder().encode('"users":[{"id":1,"name":"Zoë Ünal"}]');
    const streams = [new EventStream(), new EventStream()];
    for (const stream of streams) {
      writeEvent(stream, "list-changed", '"a"', ['{"etag":"\\"a\\"","delta":{', shared, "}}"]);
      writeEvent(stream, "unlock", undefined, ["{}"]);
      stream.abort();
    }
    for (const stream of streams) {
      const reader = stream.body.getReader();
      assertEquals(text((await reader.read()).value!), 'event: list-changed\ndata: {"etag":"\\"a\\"","delta":{"users":[{"id":1,"name":"Zoë Ünal"}]}}\nid: "a"\n\n');
      assertEquals(text((await reader.read()).value!), "event: unlock\ndata: {}\n\n");
      assert((await reader.read()).done);
    }
  });

  await t.step("writeSSE waits until the other side has taken what was queued; write never waits", async () => {
    const stream = new EventStream();
    const reader = stream.body.getReader();
    stream.write("first\n\n");
    let taken = false;
    const written = stream.writeSSE({ event: "changed", id: "1", data: "{}" }).then(() => (taken = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert(!taken, "nothing was read yet");
    assertEquals(text((await reader.read()).value!), "first\n\n");
    assertEquals(text((await reader.read()).value!), "event: changed\ndata: {}\nid: 1\n\n");
    await written;
    assert(taken);
    stream.abort();
  });

  await t.step("the answer is an event stream; a writer that fails is logged and ends it", async () => {
    const warned: unknown[] = [];
    const app = new Hono<Env>();
    app.use((c, next) => {
      c.set("log", { warn: (...line: unknown[]) => warned.push(line) } as unknown as Env["Variables"]["log"]);
      return next();
    });
    app.get("/api/events/stream", (c) =>
      eventStream(c, (stream) => {
        stream.write("one\n\n");
        return Promise.reject(new Error("the database is away"));
      }));
    const res = await app.request("/api/events/stream");
    assertEquals([res.status, res.headers.get("content-type"), res.headers.get("cache-control")], [200, "text/event-stream", "no-cache"]);
    assertEquals(await res.text(), "one\n\n");
    assertEquals(warned, [["event stream: ended by a failure", { path: "/api/events/stream", error: "Error: the database is away" }]]);
  });

  await t.step("the other side going ends the stream: its listeners run, writes after it are dropped, a waiting writeSSE resolves", async () => {
    const stream = new EventStream();
    const ended: string[] = [];
    stream.onAbort(() => ended.push("gone"));
    stream.write("one\n\n");
    const waiting = stream.writeSSE({ event: "x", data: "{}" });
    await stream.body.cancel();
    await waiting;
    assertEquals([stream.aborted, ended], [true, ["gone"]]);
    stream.write("dropped\n\n");
    stream.abort(); // once only
    assertEquals(ended, ["gone"]);
  });
});
