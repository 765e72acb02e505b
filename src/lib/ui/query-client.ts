import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "../http/api-request";
import {
  MUTATION_RETRY,
  QUERY_GC_TIME_MS,
  QUERY_REFETCH_INTERVAL,
  QUERY_REFETCH_ON_WINDOW_FOCUS,
  QUERY_RETRY,
  QUERY_STALE_TIME,
} from "./constants";

/** A client with the site's data-layer constants (src/lib/ui/constants.ts); a 401 on a query raises the error. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: QUERY_REFETCH_INTERVAL,
        refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
        staleTime: QUERY_STALE_TIME,
        gcTime: QUERY_GC_TIME_MS,
        retry: QUERY_RETRY,
      },
      mutations: { retry: MUTATION_RETRY },
    },
  });
}
