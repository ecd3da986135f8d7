/** Entrega de turno: the turnover rows (`POST /api/turnover/`, a read with a filter body). */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type TurnoverRequest = components["schemas"]["TurnoverRequest"];

/** The turnover rows of these slots (`filter_slots`); none is asked for an empty list. */
export function useTurnoverSlots(slotIds: readonly number[]) {
  return useQuery({
    queryKey: [...queryKeys.turnover, "slots", slotIds.join(",")],
    queryFn: ({ signal }) => dataOf(apiClient.POST("/api/turnover/", { body: { filter_slots: [...slotIds] }, signal })),
    enabled: slotIds.length > 0,
    ...ONE_CALL,
  });
}
