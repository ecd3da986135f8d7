/**
 * The IATA delay codes of the catalogue (`GET /api/turnover/codes/`), read once per page: they
 * change with a release, not during a shift. `enabled` false asks nothing (a form that does not
 * need them yet).
 */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";
import type { components } from "../../generated/openapi";

export type DelayCode = components["schemas"]["DelayCode"];

export function useDelayCodes(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.turnover, "delayCodes"],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/turnover/codes/", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
    ...ONE_CALL,
  });
}
