// The one client against a real HTTP server on a free local port: what it
// sends (cookies, JSON only with a payload, Idempotency-Key, If-Match, a
// timeout) and the one ApiError it throws, with the spec's texts made from it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, httpErrorText, isNotFound, serverMessage } from "./api_error";
import { call, defaultQueryFn } from "./client";

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string };
let seen: Seen;
let server: Server;
let base: string;

// /echo answers 200 with JSON; /empty 204; /slow answers after 2 s;
// /fail/<status>?body=<text> answers that status with that text.
async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen = { method: req.method, url: req.url, headers: req.headers, body };
  const url = new URL(req.url ?? "/", "http://x");
  const fail = url.pathname.match(/^\/fail\/(\d+)$/);
  if (fail) return res.writeHead(Number(fail[1]), "Custom Status Text").end(url.searchParams.get("body") ?? "");
  if (url.pathname === "/empty") return res.writeHead(204).end();
  if (url.pathname === "/slow") return setTimeout(() => res.writeHead(200).end("{}"), 2000);
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, path: url.pathname }));
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

const failure = (status: number, body?: string) =>
  `${base}/fail/${status}${body === undefined ? "" : `?body=${encodeURIComponent(body)}`}`;
const thrown = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe("call", () => {
  it("sends JSON with its content type when a body is given, and answers the parsed JSON", async () => {
    await expect(call("POST", `${base}/echo`, { body: { name: "Ada" } })).resolves.toEqual({ ok: true, path: "/echo" });
    expect(seen).toMatchObject({ method: "POST", body: '{"name":"Ada"}' });
    expect(seen.headers["content-type"]).toBe("application/json");
  });

  it("sends no body and no content type without one; an empty answer is undefined", async () => {
    await expect(call("DELETE", `${base}/empty`)).resolves.toBeUndefined();
    expect(seen).toMatchObject({ method: "DELETE", body: "" });
    expect(seen.headers["content-type"]).toBeUndefined();
  });

  it("always includes credentials (a spy: the real fetch still runs)", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await call("GET", `${base}/echo`);
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("sends Idempotency-Key and If-Match when asked", async () => {
    await call("PUT", `${base}/echo`, { body: {}, idempotencyKey: "k-1", ifMatch: "2026-01-01T00:00:00.000Z" });
    expect(seen.headers["idempotency-key"]).toBe("k-1");
    expect(seen.headers["if-match"]).toBe('"2026-01-01T00:00:00.000Z"');
  });

  it("gives up after its timeout with the platform's own error, not an ApiError", async () => {
    const error = await thrown(call("GET", `${base}/slow`, { timeoutMs: 50 }));
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("TimeoutError");
  });

  it("a refusal is one ApiError: status, code, parsed body, and spec 1 §1's message", async () => {
    const text = '{"error":"Room not found","code":"not_found"}';
    const error = await thrown(call("GET", failure(404, text)));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "not_found", body: { error: "Room not found", code: "not_found" } });
    expect((error as ApiError).message).toBe(`404: ${text}`);
    expect((error as ApiError).serverMessage).toBe("Room not found");
    expect(isNotFound(error)).toBe(true);
  });

  it("the status text when the body is empty; a non-JSON body has no server message; 401 is not special", async () => {
    const empty = (await thrown(call("PUT", failure(404), { body: { a: 1 } }))) as ApiError;
    expect(empty.message).toBe("404: Custom Status Text");
    const html = (await thrown(call("GET", failure(502, "<html>Bad gateway</html>")))) as ApiError;
    expect(html).toMatchObject({ status: 502, code: null, body: null });
    expect(html.serverMessage).toBeNull();
    expect(((await thrown(call("GET", failure(401, "Unauthorized")))) as ApiError).message).toBe("401: Unauthorized");
  });

  it("no server at all rejects with fetch's own TypeError", async () => {
    await expect(call("GET", "http://127.0.0.1:9/nothing")).rejects.toBeInstanceOf(TypeError);
  });
});

describe("the texts made from an ApiError", () => {
  it("serverMessage: the server's sentence, else the screen's fallback", async () => {
    const refused = await thrown(call("POST", failure(409, '{"error":"A user with this email already exists"}')));
    expect(serverMessage(refused, "Failed")).toBe("A user with this email already exists");
    expect(serverMessage(await thrown(call("GET", failure(500, "Internal Server Error"))), "Failed to update user"))
      .toBe("Failed to update user");
    expect(serverMessage(await thrown(call("GET", failure(400, '{"message":"x"}'))), "Fallback")).toBe("Fallback");
    expect(serverMessage(new TypeError("Failed to fetch"), "Fallback")).toBe("Fallback");
    expect(isNotFound(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("httpErrorText: spec 2 §8's occupancy text", () => {
    expect(httpErrorText(404)).toBe("HTTP error! status: 404");
  });
});

describe("defaultQueryFn", () => {
  const context = (url: string): QueryFunctionContext => ({
    client: new QueryClient(),
    queryKey: [url],
    signal: new AbortController().signal,
    meta: undefined,
  });

  it("GETs the first element of the query key and parses JSON", async () => {
    await expect(defaultQueryFn(context(`${base}/api/things`))).resolves.toEqual({ ok: true, path: "/api/things" });
    expect(seen).toMatchObject({ method: "GET", url: "/api/things", body: "" });
  });

  it("throws the same error", async () => {
    await expect(defaultQueryFn(context(failure(403, "Forbidden")))).rejects.toThrow(new ApiError(403, null, null, "403: Forbidden"));
  });
});
