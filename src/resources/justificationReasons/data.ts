/**
 * The `justificationReasons` resource (issue 27 item 2): every reason, inactive ones too (Admin
 * manages them), read whole — a dozen rows — so search, sort and paging happen in the browser.
 */
import { HttpError } from "react-admin";
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, numericId, pickIds, type ResourceHandlers } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type JustificationReason = components["schemas"]["JustificationReason"];
type ReasonWrite = components["schemas"]["JustificationReasonWrite"];
type ReasonUpdate = components["schemas"]["JustificationReasonUpdate"];

const fetchReasons = async (signal?: AbortSignal): Promise<JustificationReason[]> => {
  const { data, error, response } = await apiClient.GET("/api/justification-reasons/", {
    params: { query: { include_inactive: true } },
    signal,
  });
  if (!data) throw failure(error, response.status);
  return data;
};

const codesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : []);

const toUpdate = (data: Partial<JustificationReason>): Omit<ReasonUpdate, "version"> => {
  if (typeof data.label !== "string") throw new HttpError("Falta el nombre del motivo.", 400);
  return {
    label: data.label,
    delay_codes: codesOf(data.delay_codes),
    active: data.active !== false,
    position: typeof data.position === "number" ? data.position : 0,
  };
};

const toWrite = (data: Partial<JustificationReason>): ReasonWrite => {
  if (typeof data.code !== "string" || typeof data.label !== "string") throw new HttpError("Faltan la clave o el nombre del motivo.", 400);
  return {
    code: data.code,
    label: data.label,
    delay_codes: codesOf(data.delay_codes),
    active: data.active !== false,
    ...(typeof data.position === "number" ? { position: data.position } : {}),
  };
};

export const justificationReasons: ResourceHandlers<JustificationReason> = {
  async getList(params) {
    return listInBrowser(await fetchReasons(params.signal), params, (reason) => [reason.label, reason.code, reason.delay_codes.join(" ")]);
  },
  async getOne({ id, signal }) {
    const reason = (await fetchReasons(signal)).find((row) => row.id === numericId(id));
    if (!reason) throw new HttpError(`No existe el motivo de justificación ${String(id)}.`, 404);
    return { data: reason };
  },
  async getMany({ ids, signal }) {
    return { data: pickIds(await fetchReasons(signal), ids) };
  },
  async create({ data }) {
    const { data: created, error, response } = await apiClient.POST("/api/justification-reasons/", { body: toWrite(data) });
    if (!created) throw failure(error, response.status);
    return { data: created };
  },
  async update({ id, data, previousData }) {
    // The version of the reason the form was opened on: a save after someone else's is refused (409).
    const { data: updated, error, response } = await apiClient.PUT("/api/justification-reasons/{id}/", {
      params: { path: { id: numericId(id) } },
      body: { ...toUpdate(data), ...(previousData ? { version: previousData.version } : {}) },
    });
    if (!updated) throw failure(error, response.status);
    return { data: updated };
  },
};
