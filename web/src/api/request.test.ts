// apiRequest and defaultQueryFn against a real HTTP server on a free local port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRequest, defaultQueryFn } from "./request";

type Seen = { method?: string; url?: string; contentType?: string; body: string };
let seen: Seen;
let server: Server;
let base: string;

// Routes: /echo answers 200 with JSON, /fail/<status>?body=<text> answers that status.
async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen = { method: req.method, url: req.url, contentType: req.headers["content-type"], body };
  const url = new URL(req.url ?? "/", "http://x");
  const fail = url.pathname.match(/^\/fail\/(\d+)$/);
  if (fail) {
    res.writeHead(Number(fail[1]), "Custom Status Text");
    res.end(url.searchParams.get("body") ?? "");
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ ok: true, path: url.pathname }));
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

function queryContext(url: string): QueryFunctionContext {
  return { client: new QueryClient(), queryKey: [url], signal: new AbortController().signal, meta: undefined };
}

describe("apiRequest", () => {
  it("sends JSON with its content type when data is given", async () => {
    const res = await apiRequest("POST", `${base}/echo`, { name: "Ada" });
    expect(res.ok).toBe(true);
    expect(seen).toMatchObject({ method: "POST", contentType: "application/json", body: '{"name":"Ada"}' });
  });

  it("sends no body and no content type without data", async () => {
    await apiRequest("DELETE", `${base}/echo`);
    expect(seen).toMatchObject({ method: "DELETE", body: "" });
    expect(seen.contentType).toBeUndefined();
  });

  it("always includes credentials", async () => {
    // A spy, not a mock: the real fetch still runs against the server.
    const spy = vi.spyOn(globalThis, "fetch");
    await apiRequest("GET", `${base}/echo`);
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("throws '<status>: <body text>' on a non-OK answer", async () => {
    await expect(apiRequest("GET", `${base}/fail/500?body=${encodeURIComponent('{"error":"boom"}')}`))
      .rejects.toThrow(new Error('500: {"error":"boom"}'));
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("PUT", `${base}/fail/404`, { a: 1 })).rejects.toThrow(new Error("404: Custom Status Text"));
  });

  it("does not treat 401 specially", async () => {
    await expect(apiRequest("GET", `${base}/fail/401?body=Unauthorized`)).rejects.toThrow(new Error("401: Unauthorized"));
  });
});

describe("defaultQueryFn", () => {
  it("GETs the first element of the query key and parses JSON", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await expect(defaultQueryFn(queryContext(`${base}/api/things`))).resolves.toEqual({ ok: true, path: "/api/things" });
    expect(seen).toMatchObject({ method: "GET", url: "/api/things", body: "" });
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: "include" });
  });

  it("throws the same error format", async () => {
    await expect(defaultQueryFn(queryContext(`${base}/fail/403?body=Forbidden`))).rejects.toThrow(new Error("403: Forbidden"));
    await expect(defaultQueryFn(queryContext(`${base}/fail/502`))).rejects.toThrow(new Error("502: Custom Status Text"));
  });
});
