/** The calls of the report send settings, the send and the list of sends (openapi-fetch client). */
import { apiClient, apiErrorMessage } from "../../client/api/client";
import type { components } from "../../generated/openapi";

export type ReportType = components["schemas"]["ReportType"];
export type ReportTemplate = components["schemas"]["ReportTemplate"];
export type ReportTemplateUpdate = components["schemas"]["ReportTemplateUpdate"];
export type ReportSendRequest = components["schemas"]["ReportDownloadRequest"];
export type ReportRun = components["schemas"]["ReportRun"];

export async function loadReportTemplate(reportName: ReportType, signal?: AbortSignal): Promise<ReportTemplate> {
  const { data, error } = await apiClient.GET("/api/reports/report_template/", {
    params: { query: { report_name: reportName } },
    signal,
  });
  if (!data) throw new Error(apiErrorMessage(error));
  return data;
}

/** Saves the template; answers the saved one, or the server's Spanish refusal. */
export async function saveReportTemplate(
  update: ReportTemplateUpdate,
): Promise<{ ok: true; template: ReportTemplate } | { ok: false; message: string }> {
  const { data, error } = await apiClient.POST("/api/reports/report_template/", { body: update });
  if (data) return { ok: true, template: data };
  return { ok: false, message: apiErrorMessage(error) };
}

export type SendOutcome =
  | { ok: true; run: ReportRun }
  | { ok: false; status: number; message: string };

export async function sendReport(type: ReportType, body: ReportSendRequest): Promise<SendOutcome> {
  const { data, error, response } = await apiClient.POST("/api/reports/{type}/send_report/", {
    params: { path: { type } },
    body,
  });
  if (data) return { ok: true, run: data };
  return { ok: false, status: response.status, message: apiErrorMessage(error) };
}
