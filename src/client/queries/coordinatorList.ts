/**
 * The coordinator's list against the register (issue 23 item 3): comparing a SIR, SAL or SHL
 * (writes nothing, so a mutation that invalidates nothing), applying the chosen differences
 * (invalidates what shows slots: the turnover, the history, the reports, the match viewer) and
 * downloading the comparison as .xlsx.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../generated/openapi";
import { apiClient } from "../api/client";
import { fileNameFromDisposition, saveBlob } from "../files/download";
import { queryKeys } from "./keys";
import { dataOf } from "./request";

export type CoordinatorListRequest = components["schemas"]["CoordinatorListRequest"];
export type CoordinatorListApplyRequest = components["schemas"]["CoordinatorListApplyRequest"];
export type CoordinatorListComparison = components["schemas"]["CoordinatorListComparison"];
export type CoordinatorListApplyResult = components["schemas"]["CoordinatorListApplyResult"];

/** The comparison of a list with the register; its error carries the server's Spanish reason. */
export function useCompareCoordinatorList() {
  return useMutation({
    mutationFn: (body: CoordinatorListRequest): Promise<CoordinatorListComparison> =>
      dataOf(apiClient.POST("/api/coordinator-list/compare/", { body })),
  });
}

/** Applies the chosen differences; the views that show slots read theirs again. */
export function useApplyCoordinatorListDifferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoordinatorListApplyRequest): Promise<CoordinatorListApplyResult> =>
      dataOf(apiClient.POST("/api/coordinator-list/apply/", { body })),
    onSuccess: () =>
      Promise.all(
        [queryKeys.turnover, queryKeys.history, queryKeys.reports, queryKeys.matchViewer].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** Saves the comparison's workbook under the name the server gives. */
export async function downloadCoordinatorListComparison(body: CoordinatorListRequest): Promise<void> {
  const result = await dataOf(
    apiClient.POST("/api/coordinator-list/download/", { body, parseAs: "blob" }).then((answer) => ({
      data: answer.data === undefined ? undefined : { blob: answer.data, disposition: answer.response.headers.get("Content-Disposition") },
      error: answer.error,
    })),
  );
  saveBlob(result.blob, fileNameFromDisposition(result.disposition) ?? "Comparación.xlsx");
}
