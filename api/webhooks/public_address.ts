// The server-side request forgery guard (spec 3 §6): a webhook may only reach a
// public address. The host is resolved as fetch resolves it (the system resolver,
// /etc/hosts included) and refused when any of its addresses is loopback, private,
// link-local, unique-local, or otherwise not routable on the internet (unspecified,
// shared/CGNAT, benchmarking, multicast, reserved). It is checked when a URL is
// saved and again before every attempt, and redirects are never followed (channel.ts),
// so a public host cannot bounce a delivery inward. WEBHOOK_ALLOW_PRIVATE=true turns
// the guard off (a receiver on the same network, tests).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { WEBHOOK_MESSAGES } from "./schemas.ts";

const RESOLVE_TIMEOUT_MS = 5_000;

/** Resolves a host name to its addresses (the system resolver, as fetch uses). */
export type Resolve = (host: string) => Promise<string[]>;

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true })).map((a) => a.address);

/** Why `url` may not be called (a sentence), or undefined when it may. */
export async function publicAddressProblem(
  url: string,
  resolve: Resolve = systemResolve,
): Promise<string | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else if (host === "localhost" || host.endsWith(".localhost")) {
    return WEBHOOK_MESSAGES.privateAddress;
  } else {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((
          _,
          reject,
        ) => (timer = setTimeout(() => reject(new Error("timeout")), RESOLVE_TIMEOUT_MS))),
      ]);
    } catch {
      return WEBHOOK_MESSAGES.unresolved;
    } finally {
      clearTimeout(timer);
    }
    if (!addresses.length) return WEBHOOK_MESSAGES.unresolved;
  }
  return addresses.every(isPublic) ? undefined : WEBHOOK_MESSAGES.privateAddress;
}

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const v4Number = (address: string) =>
  address.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function isPublicV4(address: string) {
  const n = v4Number(address);
  return !PRIVATE_V4.some(([base, bits]) =>
    Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits))
  );
}

/** The 8 groups of an IPv6 address as numbers (:: expanded, a dotted IPv4 tail read). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]);
    text = text.slice(0, -dotted[1].length) +
      `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parts = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const [h, t] = [parts(head), parts(tail)];
  return tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
}

function isPublicV6(address: string) {
  const g = v6Groups(address);
  if (g.slice(0, 7).every((x) => x === 0)) return false; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (
    (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) || (g[0] === 0x64 && g[1] === 0xff9b)
  ) {
    return isPublicV4(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`);
  }
  if ((g[0] & 0xfe00) === 0xfc00) return false; // unique-local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return false; // site-local fec0::/10 (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  return true;
}

export const isPublic = (
  address: string,
) => (isIP(address) === 4 ? isPublicV4(address) : isPublicV6(address));
