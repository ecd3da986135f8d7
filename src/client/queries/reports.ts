/**
 * Reportes: one report (`get_report`), the matches that can be added to it, its send settings
 * (the report template), the send and the download.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiClient, apiErrorMessage } from "../api/client";
import type { components, paths } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL, staleVersionOf } from "./request";

export type ReportType = components["schemas"]["ReportType"];
export type ReportAnswer = components["schemas"]["ReportAnswer"];
export type ReportTemplate = components["schemas"]["ReportTemplate"];
export type ReportTemplateUpdate = components["schemas"]["ReportTemplateUpdate"];
export type ReportSendRequest = components["schemas"]["ReportDownloadRequest"];
export type ReportRun = components["schemas"]["ReportRun"];
export type ReportQuery = NonNullable<paths["/api/reports/{type}/get_report/"]["get"]["parameters"]["query"]>;
export type ReportAddRecord = components["schemas"]["ReportAddRecord"];
export type AddRecordsQuery = NonNullable<paths["/api/reports/add_records/"]["get"]["parameters"]["query"]>;

/** A report with nothing in its range answers 404: an empty report, not a failure. */
export type ReportRead = { answer: ReportAnswer } | { empty: true };

/** One report of one range, zone, season and added matches. */
/** `enabled` false: asks nothing yet (the chosen airport is still being read, issue 37). */
export function useReport(type: ReportType, query: ReportQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...queryKeys.reports, "report", type, query],
    queryFn: async ({ signal }): Promise<ReportRead> => {
      let answer;
      try {
        answer = await apiClient.GET("/api/reports/{type}/get_report/", { params: { path: { type }, query }, signal });
      } catch (error) {
        throw new Error(apiErrorMessage(error), { cause: error });
      }
      if (answer.data) return { answer: answer.data };
      if (answer.response.status === 404) return { empty: true };
      throw new Error(apiErrorMessage(answer.error));
    },
    ...ONE_CALL,
  });
}

/** The matches of the range that fit the search ('Añadir registro'), asked now on the user's click. */
export function useSearchAddRecords(): (query: AddRecordsQuery) => Promise<ReportAddRecord[]> {
  const queryClient = useQueryClient();
  return useCallback(
    (query: AddRecordsQuery) =>
      queryClient.fetchQuery({
        queryKey: [...queryKeys.reports, "addRecords", query],
        queryFn: ({ signal }) => dataOf(apiClient.GET("/api/reports/add_records/", { params: { query }, signal })),
        staleTime: 0,
        ...ONE_CALL,
      }),
    [queryClient],
  );
}

/** The report's send settings at an airport (frequency, hours, recipient): each airport schedules its own. */
export function useReportTemplate(reportName: ReportType, airport: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...queryKeys.reports, "template", reportName, airport],
    queryFn: ({ signal }) =>
      dataOf(apiClient.GET("/api/reports/report_template/", { params: { query: { report_name: reportName, airport } }, signal })),
    ...ONE_CALL,
  });
}

/**
 * Saves a template; answers the saved one, or the server's Spanish refusal (`stale` when another
 * person saved it since it was read: 409 `STALE VERSION`). The cache keeps the saved one.
 */
export function useSaveReportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      update: ReportTemplateUpdate,
    ): Promise<{ ok: true; template: ReportTemplate } | { ok: false; message: string; stale: boolean }> => {
      const { data, error } = await apiClient.POST("/api/reports/report_template/", { body: update });
      if (data) return { ok: true, template: data };
      return { ok: false, message: apiErrorMessage(error), stale: staleVersionOf(error) !== null };
    },
    onSuccess: (outcome) => {
      if (outcome.ok) {
        const { report_name: reportName, airport } = outcome.template;
        queryClient.setQueryData([...queryKeys.reports, "template", reportName, airport], outcome.template);
      }
    },
  });
}

export type SendOutcome = { ok: true; run: ReportRun } | { ok: false; status: number; message: string };

/** Sends the report now; a send is a new run in 'Envíos de reportes' (the reportRuns resource). */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, body }: { type: ReportType; body: ReportSendRequest }): Promise<SendOutcome> => {
      const { data, error, response } = await apiClient.POST("/api/reports/{type}/send_report/", {
        params: { path: { type } },
        body,
      });
      if (data) return { ok: true, run: data };
      return { ok: false, status: response.status, message: apiErrorMessage(error) };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reportRuns }),
  });
}

/** The report as a workbook (`download_report`), for the caller to save. */
export const downloadReport = (type: ReportType, body: ReportSendRequest) =>
  apiClient.POST("/api/reports/{type}/download_report/", { params: { path: { type } }, body, parseAs: "blob" });
