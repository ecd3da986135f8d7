/** The `audit` and `outbox` resources: read-only, paged on the server. */
import { apiClient } from "../../client/api/client";
import { failure, type ResourceHandlers } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type AuditEntry = components["schemas"]["AuditEntry"];
export type OutboxMessage = components["schemas"]["OutboxMessage"];

const page = (pagination?: { page: number; perPage: number }) => ({
  offset: pagination ? (pagination.page - 1) * pagination.perPage : 0,
  limit: pagination?.perPage ?? 50,
});

export const audit: ResourceHandlers<AuditEntry> = {
  async getList({ pagination, filter, signal }) {
    const q = typeof filter?.q === "string" && filter.q.trim() ? filter.q.trim() : undefined;
    const { data, error, response } = await apiClient.GET("/api/audit-log/", {
      params: { query: { ...page(pagination), ...(q ? { q } : {}) } },
      signal,
    });
    if (!data) throw failure(error, response.status);
    return { data: data.items, total: data.total };
  },
};

export const outbox: ResourceHandlers<OutboxMessage> = {
  async getList({ pagination, signal }) {
    const { data, error, response } = await apiClient.GET("/api/outbox/", {
      params: { query: page(pagination) },
      signal,
    });
    if (!data) throw failure(error, response.status);
    return { data: data.items, total: data.total };
  },
};
