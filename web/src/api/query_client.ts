// The app's one React Query client, with the cache defaults of spec 1 §1:
// data never goes stale, no refetch on focus, no polling, no retries. Unused
// data is kept (the persisted cache keeps it 30 days), so it renders offline.
import { QueryClient } from "@tanstack/react-query";
import { defaultQueryFn } from "./client";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      // Never collected while the app runs: 30 days in ms is beyond setTimeout's
      // limit (2^31 - 1 ms, about 24.8 days), which browsers then fire at once, so
      // every unused query (a page left, data seeded for an offline create) would
      // vanish from memory and from the persisted cache. The persister's maxAge
      // (30 days) still drops what is too old when the cache is restored.
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
