// The app's one React Query client, with the cache defaults of spec 1 §1:
// data never goes stale, no refetch on focus, no polling, no retries. Unused
// data is kept as long as the persisted cache (30 days), so it renders offline.
import { QueryClient } from "@tanstack/react-query";
import { defaultQueryFn } from "./request";
import { CACHE_MAX_AGE_MS } from "../offline/persister";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      gcTime: CACHE_MAX_AGE_MS,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
