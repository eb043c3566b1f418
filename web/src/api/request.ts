// The request helper, default query function and error format of spec 1 §1.
import type { QueryFunction } from "@tanstack/react-query";
import { send } from "./client";

/** Raises `<status>: <body text or status text>` for a non-OK response; a 401 is not special. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/** Sends a call with cookies; a JSON body (and its content type) only when data is given. */
export async function apiRequest(
  method: string,
  path: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const res = await send(path, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json", ...extraHeaders } : extraHeaders,
    body: data !== undefined ? JSON.stringify(data) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

/** GETs the first element of the query key and parses the JSON answer. */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await send(String(queryKey[0]), { signal });
  await throwIfNotOk(res);
  return await res.json();
};
