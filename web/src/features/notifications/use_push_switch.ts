// The `Push notifications on this device` switch (spec 4 §3): what this device
// supports, whether it is subscribed, and turning it on and off. On means this
// browser holds a subscription made with the server's key; shown on, it is handed to
// the server again under this session (an expired session took the server's copy
// with it, and the switch must not say on while nothing arrives).
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { fetchPublicKey, usePublicKey } from "./api";
import { currentSubscription, pushEnvironment, sendSubscription, turnOff, turnOn } from "./browser_push";
import { type PushSupport, pushFailure, pushSupport } from "./push_support";

export type PushSwitch = {
  support: PushSupport;
  /** null while this device's subscription is being read. */
  subscribed: boolean | null;
  busy: boolean;
  error: string | null;
  toggle: (on: boolean) => void;
};

export function usePushSwitch(): PushSwitch {
  const cache = useQueryClient();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(pushEnvironment()));
  const key = usePublicKey(support === "available");
  const publicKey = key.data;
  // Read once the key is known, or known not to come now (offline, or the read failed).
  const keyComing = key.fetchStatus === "fetching" && publicKey === undefined;
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== "available" || keyComing) return;
    let live = true;
    void currentSubscription(publicKey).then(
      (subscription) => {
        if (!live) return;
        setSubscribed(subscription !== null);
        // Quietly: a failure here is seen at the next toggle.
        if (subscription && navigator.onLine) void sendSubscription(subscription).catch(() => undefined);
      },
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, [support, publicKey, keyComing]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (on) {
        const permission = await turnOn(await fetchPublicKey(cache));
        if (permission === "denied") setSupport("blocked");
        setSubscribed(permission === "granted");
      } else {
        await turnOff();
        setSubscribed(false);
      }
    } catch (failure) {
      setError(pushFailure(on, failure));
      setSubscribed(!on);
    } finally {
      setBusy(false);
    }
  };

  return { support, subscribed, busy, error, toggle: (on) => void toggle(on) };
}
