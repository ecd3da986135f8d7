/** The stored seasons (`GET /api/seasons/`): one list, shared by every view that offers a season. */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type Season = components["schemas"]["Season"];

/** Seasons change when one starts or a slot file creates one: rarely during a shift. */
const SEASONS_STALE_MS = 5 * 60_000;

export function useSeasons() {
  return useQuery({
    queryKey: queryKeys.seasons,
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/seasons/", { signal })),
    staleTime: SEASONS_STALE_MS,
    ...ONE_CALL,
  });
}
