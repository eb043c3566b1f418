import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api_error";
import {
  base64UrlBytes,
  isAppleMobile,
  NoWorkerError,
  type PushEnvironment,
  pushFailure,
  pushSupport,
  PushTimeoutError,
  sameKey,
  supportText,
} from "./push_support";

const UA = {
  iPhone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  // iPadOS's Safari asks for desktop pages: it says Macintosh.
  iPadAsMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  oldIPad: "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1",
  android: "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  chromeOnIPhone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
};

const env = (over: Partial<PushEnvironment> = {}): PushEnvironment => ({
  userAgent: UA.android,
  maxTouchPoints: 5,
  standalone: false,
  hasPush: true,
  permission: "default",
  ...over,
});

describe("which devices are iPhones and iPads", () => {
  it("knows them by name, and an iPad by a Mac with a touch screen", () => {
    expect(isAppleMobile({ userAgent: UA.iPhone, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.chromeOnIPhone, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.oldIPad, maxTouchPoints: 5 })).toBe(true);
    expect(isAppleMobile({ userAgent: UA.iPadAsMac, maxTouchPoints: 5 })).toBe(true);
  });

  it("takes a Mac (no touch) and Android for what they are", () => {
    expect(isAppleMobile({ userAgent: UA.iPadAsMac, maxTouchPoints: 0 })).toBe(false);
    expect(isAppleMobile({ userAgent: UA.android, maxTouchPoints: 5 })).toBe(false);
  });
});

describe("whether this device can have push", () => {
  it("is available where the browser has Web Push and nothing refused it", () => {
    expect(pushSupport(env())).toBe("available");
    expect(pushSupport(env({ permission: "granted" }))).toBe("available");
  });

  it("is blocked once notifications were refused", () => {
    expect(pushSupport(env({ permission: "denied" }))).toBe("blocked");
    expect(supportText("blocked")).toBe("Notifications are blocked in this browser's settings");
  });

  it("asks an iPhone or iPad in the browser to install the app first, Web Push or not", () => {
    for (const device of [
      { userAgent: UA.iPhone, hasPush: false },
      { userAgent: UA.iPadAsMac, hasPush: true },
      { userAgent: UA.chromeOnIPhone, hasPush: false },
    ]) {
      expect(pushSupport(env({ ...device, permission: null }))).toBe("install");
    }
    expect(supportText("install")).toBe("Add Threshold to your Home Screen to get notifications");
  });

  it("lets the installed app on an iPhone or iPad subscribe", () => {
    expect(pushSupport(env({ userAgent: UA.iPhone, standalone: true }))).toBe("available");
    expect(pushSupport(env({ userAgent: UA.iPadAsMac, standalone: true, permission: "denied" }))).toBe("blocked");
  });

  it("says plainly when the browser has no Web Push", () => {
    expect(pushSupport(env({ hasPush: false, permission: null }))).toBe("unsupported");
    // An installed app on an iOS too old for Web Push.
    expect(pushSupport(env({ userAgent: UA.oldIPad, standalone: true, hasPush: false }))).toBe("unsupported");
    expect(supportText("unsupported")).toBe("This browser does not support push notifications");
    expect(supportText("available")).toBeNull();
  });
});

describe("the server's key", () => {
  // A P-256 point is 65 bytes; base64url without padding, as web-push makes it.
  const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
  const key = Buffer.from(bytes).toString("base64url");

  it("decodes base64url without padding", () => {
    expect([...base64UrlBytes(key)]).toEqual([...bytes]);
    expect([...base64UrlBytes("-_8")]).toEqual([0xfb, 0xff]);
  });

  it("matches a subscription made with it, and no other", () => {
    expect(sameKey(bytes.buffer, key)).toBe(true);
    const other = bytes.slice();
    other[64] ^= 1;
    expect(sameKey(other.buffer, key)).toBe(false);
    expect(sameKey(bytes.slice(1).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

describe("why push could not be turned on or off", () => {
  it("gives the server's sentence", () => {
    const refused = new ApiError(400, "validation", { error: "Push endpoint must be a public https URL" }, "400: …");
    expect(pushFailure(true, refused)).toBe("Push notifications could not be turned on: Push endpoint must be a public https URL");
  });

  it("gives the browser's own words when its push service refused", () => {
    const incognito = new DOMException("Registration failed - permission denied", "AbortError");
    expect(pushFailure(true, incognito)).toBe(
      "Push notifications could not be turned on: the browser refused (Registration failed - permission denied)",
    );
  });

  it("says when the push service, the worker or the server did not answer", () => {
    expect(pushFailure(true, new PushTimeoutError("late"))).toBe(
      "Push notifications could not be turned on: the browser's push service did not answer",
    );
    expect(pushFailure(true, new NoWorkerError("none"))).toMatch(/offline worker is not running here/);
    expect(pushFailure(false, new TypeError("Failed to fetch"))).toBe(
      "Push notifications could not be turned off: the server could not be reached",
    );
    expect(pushFailure(true, new DOMException("signal timed out", "TimeoutError"))).toBe(
      "Push notifications could not be turned on: the server did not answer",
    );
  });
});
