/** The airport list (`GET /api/airport-list/`): reference data, loaded once per page. */
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export function useAirports() {
  return useQuery({
    queryKey: queryKeys.airports,
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/airport-list/", { signal })),
    staleTime: Infinity,
    ...ONE_CALL,
  });
}

/** The airport list already read on this page, if any (what the shell's early reads may go by). */
export const cachedAirports = (queryClient: QueryClient): components["schemas"]["Airport"][] | undefined =>
  queryClient.getQueryData<components["schemas"]["Airport"][]>(queryKeys.airports);
