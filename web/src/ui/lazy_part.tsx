// A piece of a screen whose code loads after the screen has mounted, not with it
// (the lockdown banner, the toasts' cards, the review of held changes). Until the
// code is here the screen shows what `fallback` says, and so it does on the server
// and while a page rendered there is hydrated, which therefore find the same markup
// (React.lazy would suspend the server's render, which React then redoes in the
// browser). Loading may fail: offline, with no service worker copy yet (not
// installed, or blocked); the piece then stays away, the screen keeps working, and
// the load is tried again when the network returns. (A failed React.lazy throws
// into the nearest error boundary and takes the screen with it.)
import { type ComponentType, type ReactNode, useEffect, useSyncExternalStore } from "react";

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const start = () => {
    loading ??= load().then(
      (component) => {
        Loaded = component;
        for (const listener of listeners) listener();
      },
      () => {
        loading = null;
        window.addEventListener("online", start, { once: true });
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function LazyPart({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const Component = useSyncExternalStore(subscribe, () => Loaded, () => null);
    useEffect(() => start(), []);
    return Component ? <Component {...(props as P)} /> : fallback;
  }
  /** Starts loading before the piece is shown (from an effect: once the screen has mounted). */
  LazyPart.preload = start;
  return LazyPart;
}
