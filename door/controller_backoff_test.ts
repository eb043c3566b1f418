// The reference controller when the server is overloaded (issue 32, "Overload is
// not an outage"): against a small server played by this test (a Deno.serve on a
// loopback port), whose stream and access list answer 503 with Retry-After as an
// overloaded API does. A refused list fetch is tried again no sooner than its
// Retry-After and does not drop the stream; refused stream connections are tried
// again after growing waits, no sooner than their Retry-After; list-changed events
// during a slow fetch bring one more fetch, not one each.
import { assert, assertEquals } from "../api/testing/assert.ts";
import { DoorController } from "./controller.ts";
import { memoryStore } from "./state_file.ts";

const LIST = {
  device: { id: 1, deviceId: "D1", name: "Door", isActive: true },
  room: { id: 1, name: "Lab", isActive: true, unlockScheduleId: null, firstPersonIn: false },
  denyAll: null,
  users: [],
  schedules: [],
  credentials: [],
  passkeys: [],
  wallets: [],
  lockdown: false,
  lockdownOverrideUserIds: [],
};
const LIST_CHANGED = 'event: list-changed\nid: "x"\ndata: {"etag":"\\"x\\""}\n\n';

const overloaded = () => new Response("Service unavailable", { status: 503, headers: { "retry-after": "1" } });
const listAnswer = () => Response.json(LIST, { headers: { etag: '"x"' } });

/** An answer to a stream connection: a refusal, or an event stream that sends `events` (list-changed) and stays open unless `end`. */
type Answer = Response | { events?: string; end?: boolean };

/**
 * The server's part: `stream(n)` answers the n-th stream connection (from 0), `list(n)`
 * the n-th list fetch. Records when each came (performance.now()) and when each
 * list answer went, and the acknowledgements of unlock commands.
 */
function playServer(o: { stream?: (n: number) => Answer; list?: (n: number) => Promise<Response> | Response }) {
  const streams: number[] = [];
  const lists: { at: number; answered?: number }[] = [];
  const acks: unknown[] = [];
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encode = (text: string) => new TextEncoder().encode(text);
  const eventStream = ({ events = LIST_CHANGED, end = false }: { events?: string; end?: boolean }) => {
    let stream: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
        controller.enqueue(encode(events));
        if (end) controller.close();
        else open.add(controller);
      },
      cancel: () => void open.delete(stream), // the door went away
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/api/access/devices/self/stream") {
      const answer = (o.stream ?? (() => ({})))(streams.push(performance.now()) - 1);
      return answer instanceof Response ? answer : eventStream(answer);
    }
    if (path === "/api/access/devices/self/access-list") {
      const fetched = { at: performance.now() } as { at: number; answered?: number };
      const answer = await (o.list ?? listAnswer)(lists.push(fetched) - 1);
      fetched.answered = performance.now();
      return answer;
    }
    if (/^\/api\/access\/devices\/self\/commands\/\d+\/ack$/.test(path)) {
      acks.push(await request.json());
      return Response.json({});
    }
    return new Response("Not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    streams,
    lists,
    acks,
    /** Sends an event on every open stream. */
    send: (text: string) => {
      for (const c of open) c.enqueue(encode(text));
    },
    /** Ends the open streams, then the server. */
    close: async () => {
      for (const c of open) c.close();
      open.clear();
      await server.shutdown();
    },
  };
}

function door(url: string, backoff: { baseMs?: number; random?: () => number }) {
  const lines: string[] = [];
  const controller = new DoorController({ url, key: "thd_test", store: memoryStore(), print: (l) => lines.push(l), backoff });
  return { controller, lines };
}

/** Waits until `done()` (up to 5 s); else fails with what the door printed. */
async function until(done: () => boolean, lines: string[]) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  assert(done(), `timed out; the door printed:\n${lines.join("\n")}`);
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("door backoff: a list fetch refused with 503 and Retry-After keeps the stream; tried again after the Retry-After", async () => {
  // The first two fetches (the start's, then the stream's list-changed's) are refused.
  const server = playServer({ list: (n) => n < 2 ? overloaded() : listAnswer() });
  const { controller, lines } = door(server.url, { baseMs: 50, random: () => 0.25 });
  try {
    await controller.start();
    assertEquals(lines, ["server unreachable: access list: 503 Service unavailable"]);
    await until(() => controller.list !== null, lines);
    assertEquals(lines, [
      "server unreachable: access list: 503 Service unavailable",
      "stream connected",
      // Retry-After: 1, plus a quarter (random() 0.25) of it again.
      "list fetch failed: access list: 503 Service unavailable; again in 1250 ms",
      'list "x" (0 users, no lockdown)',
      "door locked: locked",
    ]);
    assertEquals(server.streams.length, 1, "the stream opened once, never dropped");
    assertEquals(server.lists.length, 3);
    const retried = server.lists[2].at - server.lists[1].answered!;
    assert(retried >= 1_000, `tried again ${retried} ms after the 503 with Retry-After: 1`);
    assertEquals(controller.list, LIST);
  } finally {
    await controller.stop();
    await server.close();
  }
});

Deno.test("door backoff: refused stream connections are tried again after growing waits, and after a Retry-After", async () => {
  // Refused three times without Retry-After, once with Retry-After: 1; then connected
  // and ended at once (as by a restart); then connected for good.
  const refused = () => new Response("Service unavailable", { status: 503 });
  const server = playServer({
    stream: (n) => n < 3 ? refused() : n === 3 ? overloaded() : { end: n === 4 },
  });
  const { controller, lines } = door(server.url, { baseMs: 100, random: () => 0.5 });
  try {
    await controller.start();
    // Both connections said so: the sixth request reaches the server before its answer
    // reaches the door (under load, the first "stream connected" alone was waited for).
    await until(() => server.streams.length === 6 && lines.filter((l) => l === "stream connected").length === 2, lines);
    assertEquals(lines.filter((l) => l.startsWith("stream")), [
      "stream lost: stream: 503 Service unavailable",
      "stream lost: stream: 503 Service unavailable",
      "stream lost: stream: 503 Service unavailable",
      "stream lost: stream: 503 Service unavailable",
      "stream connected",
      "stream ended",
      "stream connected",
    ]);
    // Waits of random() 0.5 of 100, 200, 400 ms; then 1 s (Retry-After, above the 800 ms
    // ceiling) plus half again; after a stream that was connected, half of the base again.
    const [a, b, c, d, e] = gaps(server.streams);
    assert(a >= 50 && b >= 100 && c >= 200, `waits ${[a, b, c]} ms`);
    assert(c > a, `the waits grow: ${[a, b, c]} ms`);
    assert(d >= 1_500, `${d} ms after a 503 with Retry-After: 1`);
    assert(e >= 50 && e < 1_000, `${e} ms after the stream ended: no longer the refusals' growing waits`);
  } finally {
    await controller.stop();
    await server.close();
  }
});

Deno.test("door backoff: list-changed during a slow fetch brings one more fetch, not one each", async () => {
  const server = playServer({ list: async () => (await sleep(400), listAnswer()) });
  const { controller, lines } = door(server.url, { baseMs: 50 });
  try {
    await controller.start(); // its own fetch: the first
    await until(() => server.lists.length === 2, lines); // the stream's list-changed's
    for (let i = 0; i < 5; i++) server.send(LIST_CHANGED);
    await until(() => server.lists.length === 3 && server.lists[2].answered !== undefined, lines);
    await sleep(300); // a fourth would have begun by now
    assertEquals(server.lists.length, 3);
    assert(server.lists[2].at >= server.lists[1].answered!, "one fetch at a time");
    assertEquals(server.streams.length, 1);
    assertEquals(lines.filter((l) => l.startsWith("list ")), Array(3).fill('list "x" (0 users, no lockdown)'));
  } finally {
    await controller.stop();
    await server.close();
  }
});

Deno.test("door backoff: an unlock heard just after a list-changed is decided by that list (a lockdown refuses it)", async () => {
  // The start's list has no lockdown; the one the list-changed brings, slowly, has.
  const lockdown = async () => (await sleep(300), Response.json({ ...LIST, lockdown: true }, { headers: { etag: '"y"' } }));
  const expiresAt = new Date(Date.now() + 60_000).toISOString();
  const unlock = `event: unlock\ndata: ${JSON.stringify({ commandId: 7, userName: "Ada Lovelace", expiresAt })}\n\n`;
  const server = playServer({
    stream: () => ({ events: LIST_CHANGED.replaceAll("x", "y") + unlock }),
    list: (n) => n === 0 ? listAnswer() : lockdown(),
  });
  const { controller, lines } = door(server.url, { baseMs: 50 });
  try {
    await controller.start();
    await until(() => server.acks.length === 1, lines);
    assertEquals(server.acks, [{ result: "failed", message: "Lockdown in effect" }]);
    assert(lines.includes("remote unlock for Ada Lovelace refused: Lockdown in effect"), lines.join("\n"));
  } finally {
    await controller.stop();
    await server.close();
  }
});
