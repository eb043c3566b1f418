// The app's one React Query client, with the cache defaults of spec 1 §1:
// data never goes stale, no refetch on focus, no polling, no retries.
import { QueryClient } from "@tanstack/react-query";
import { defaultQueryFn } from "./request";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
