/** The `reportRuns` resource (Admin, Panel de administrador → Envíos de reportes): read-only, paged on the server. */
import { apiClient } from "../../client/api/client";
import { failure, type ResourceHandlers } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type ReportRun = components["schemas"]["ReportRun"];

/** The `reportRuns` resource (Admin): every send, newest first, paged on the server. */
export const reportRuns: ResourceHandlers<ReportRun> = {
  async getList({ pagination, signal }) {
    const { data, error, response } = await apiClient.GET("/api/reports/runs/", {
      params: {
        query: {
          offset: pagination ? (pagination.page - 1) * pagination.perPage : 0,
          limit: pagination?.perPage ?? 50,
        },
      },
      signal,
    });
    if (!data) throw failure(error, response.status);
    return { data: data.items, total: data.total };
  },
};
