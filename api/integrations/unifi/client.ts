// What the rest of the API knows of UniFi: the UnifiClient interface and its
// implementation over the console's integration APIs (Protect for cameras and
// sensors, Network for model, IP and firmware by MAC address), authenticated
// with X-API-Key. Every request has a timeout, every answer is checked, and
// every failure becomes a UnifiError the routes turn into an HTTP answer.
import { z } from "zod";

export type ProtectState = "CONNECTED" | "CONNECTING" | "DISCONNECTED";

export type ProtectCamera = {
  id: string;
  name: string | null;
  /** The model name, e.g. "G5 Dome". */
  type: string | null;
  mac: string;
  state: ProtectState;
  videoMode: string | null;
  hdrType: string | null;
  featureFlags: {
    hasHdr?: boolean;
    hasMic?: boolean;
    hasSpeaker?: boolean;
    smartDetectTypes?: string[];
    videoModes?: string[];
  } | null;
};

export type ProtectSensor = {
  id: string;
  name: string | null;
  type: string | null;
  mac: string;
  state: ProtectState;
  mountType: string | null;
  batteryStatus: { percentage: number | null; isLow?: boolean } | null;
  /** Capabilities: a key is present when the sensor has it. */
  featureFlags: Record<string, unknown> | null;
  stats: Record<string, unknown> | null;
};

export type NetworkDevice = {
  id: string;
  name: string | null;
  model: string | null;
  macAddress: string;
  ipAddress: string | null;
  state: string;
  firmwareVersion: string | null;
};

export interface UnifiClient {
  /** Protect's version; a cheap connection check. */
  protectInfo(): Promise<{ applicationVersion: string }>;
  cameras(): Promise<ProtectCamera[]>;
  sensors(): Promise<ProtectSensor[]>;
  /**
   * The Network application's devices on the default site, with firmware, for
   * the MAC addresses asked about; null when the console runs no Network application.
   */
  networkDevices(macs: string[]): Promise<NetworkDevice[] | null>;
}

/**
 * unreachable: no connection; timeout: no answer in time; unauthorized: the key
 * was refused; status: another error status; malformed: not the promised JSON.
 */
export type UnifiFailure = "unreachable" | "timeout" | "unauthorized" | "status" | "malformed";

export class UnifiError extends Error {
  constructor(
    readonly kind: UnifiFailure,
    message: string,
    readonly status?: number,
    /** For the server log only. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "UnifiError";
  }
}

export type UnifiClientOptions = {
  /** The console, e.g. https://192.168.1.1 (no trailing slash needed). */
  host: string;
  apiKey: string | undefined;
  timeoutMs: number;
};

/** "F4:E2:C6:a1:b2:01", "f4e2c6a1b201" → "F4E2C6A1B201". */
export const normalMac = (mac: string) => mac.replace(/[^0-9a-f]/gi, "").toUpperCase();

// --- the answers, as the integration APIs document them --------------------------

const state = z.enum(["CONNECTED", "CONNECTING", "DISCONNECTED"]);
const mac = z.string().refine((value) => normalMac(value).length === 12, "a MAC address");
/** What Protect says of every device, camera or sensor. */
const protectDevice = {
  id: z.string().min(1),
  state,
  name: z.string().nullable(),
  type: z.string().nullable().optional().transform((v) => v ?? null),
  mac,
};
const cameraSchema = z.object({
  ...protectDevice,
  modelKey: z.literal("camera"),
  videoMode: z.string().optional().transform((v) => v ?? null),
  hdrType: z.string().optional().transform((v) => v ?? null),
  featureFlags: z.object({
    hasHdr: z.boolean().optional(),
    hasMic: z.boolean().optional(),
    hasSpeaker: z.boolean().optional(),
    smartDetectTypes: z.array(z.string()).optional(),
    videoModes: z.array(z.string()).optional(),
  }).optional().transform((v) => v ?? null),
});
const sensorSchema = z.object({
  ...protectDevice,
  modelKey: z.literal("sensor"),
  mountType: z.string().optional().transform((v) => v ?? null),
  batteryStatus: z.object({
    percentage: z.number().nullable().optional().transform((v) => v ?? null),
    isLow: z.boolean().optional(),
  }).optional().transform((v) => v ?? null),
  featureFlags: z.record(z.string(), z.unknown()).optional().transform((v) => v ?? null),
  stats: z.record(z.string(), z.unknown()).optional().transform((v) => v ?? null),
});
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    offset: z.number().int().min(0),
    limit: z.number().int().min(0),
    count: z.number().int().min(0),
    totalCount: z.number().int().min(0),
    data: z.array(item),
  });
const siteSchema = z.object({
  id: z.string().min(1),
  internalReference: z.string().optional(),
  name: z.string().nullable().optional(),
});
const networkDeviceSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullable().optional().transform((v) => v ?? null),
  model: z.string().nullable().optional().transform((v) => v ?? null),
  macAddress: mac,
  ipAddress: z.string().nullable().optional().transform((v) => v ?? null),
  state: z.string(),
  firmwareVersion: z.string().nullable().optional().transform((v) => v ?? null),
});

const PAGE = 200;
const MAX_PAGES = 50;

export function createUnifiClient(options: UnifiClientOptions): UnifiClient {
  const host = options.host.replace(/\/+$/, "");
  const protect = `${host}/proxy/protect/integration/v1`;
  const network = `${host}/proxy/network/integration/v1`;

  async function get<T extends z.ZodType>(
    url: string,
    schema: T,
    { absentOn404 = false } = {},
  ): Promise<z.infer<T> | null> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { "X-API-Key": options.apiKey ?? "", accept: "application/json" },
        // The key must not follow a redirect to somewhere else.
        redirect: "error",
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") {
        throw new UnifiError(
          "timeout",
          `The UniFi controller did not answer within ${options.timeoutMs / 1000} s`,
          undefined,
          url,
        );
      }
      throw new UnifiError(
        "unreachable",
        "Cannot reach the UniFi controller",
        undefined,
        `${url}: ${(error as Error)?.message}`,
      );
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError";
      throw new UnifiError(
        timedOut ? "timeout" : "unreachable",
        timedOut
          ? `The UniFi controller did not answer within ${options.timeoutMs / 1000} s`
          : "Cannot reach the UniFi controller",
        undefined,
        url,
      );
    }
    if (res.status === 404 && absentOn404) return null;
    if (res.status === 401 || res.status === 403) {
      throw new UnifiError("unauthorized", "The UniFi controller refused the API key", res.status);
    }
    if (!res.ok) {
      throw new UnifiError(
        "status",
        `The UniFi controller answered with an error (HTTP ${res.status})`,
        res.status,
        `${url}: ${text.slice(0, 500)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json);
    if (json === undefined || !parsed.success) {
      throw new UnifiError(
        "malformed",
        "The UniFi controller sent an answer Threshold cannot read",
        res.status,
        `${url}: ${
          parsed.success
            ? "not JSON"
            : parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")} ${i.message}`)
              .join("; ")
        }`,
      );
    }
    return parsed.data;
  }

  /** Every item of a paginated Network list. */
  async function all<T extends z.ZodType>(url: string, item: T): Promise<z.infer<T>[] | null> {
    const items: z.infer<T>[] = [];
    for (let pageNo = 0; pageNo < MAX_PAGES; pageNo++) {
      const separator = url.includes("?") ? "&" : "?";
      const page = await get(
        `${url}${separator}offset=${items.length}&limit=${PAGE}`,
        pageOf(item),
        {
          absentOn404: true,
        },
      );
      if (!page) return null;
      items.push(...page.data);
      if (!page.count || items.length >= page.totalCount) break;
    }
    return items;
  }

  return {
    protectInfo: async () =>
      (await get(`${protect}/meta/info`, z.object({ applicationVersion: z.string() })))!,
    cameras: async () => (await get(`${protect}/cameras`, z.array(cameraSchema)))!,
    sensors: async () => (await get(`${protect}/sensors`, z.array(sensorSchema)))!,
    networkDevices: async (macs) => {
      const sites = await all(`${network}/sites`, siteSchema);
      if (!sites) return null;
      const site = sites.find((s) => s.internalReference === "default") ?? sites[0];
      if (!site) return [];
      const base = `${network}/sites/${encodeURIComponent(site.id)}/devices`;
      const listed = await all(base, networkDeviceSchema);
      if (!listed) return null;
      const wanted = new Set(macs.map(normalMac));
      const matched = listed.filter((device) => wanted.has(normalMac(device.macAddress)));
      // The list leaves firmware out on some versions: the detail has it.
      return await Promise.all(
        matched.map(async (device) =>
          device.firmwareVersion ? device : (await get(
            `${base}/${encodeURIComponent(device.id)}`,
            networkDeviceSchema,
            { absentOn404: true },
          )) ?? device
        ),
      );
    },
  };
}
