/** The airport list (`GET /api/airport-list/`): reference data, loaded once per page. */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
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
