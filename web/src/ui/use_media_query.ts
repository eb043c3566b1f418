// Whether a CSS media query matches, kept current as the window changes size.
import { useCallback, useSyncExternalStore } from "react";

/** Below Joy's `sm` breakpoint (600 px): phones, where lists become cards. */
export const PHONE_QUERY = "(max-width: 599.95px)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

export const useIsPhone = () => useMediaQuery(PHONE_QUERY);
