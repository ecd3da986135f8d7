/**
 * Cargas de datos (issue 22): the history of loads, the preview and the apply of a schedule or
 * flights file, and the download of a load's files. The apply invalidates the loads' root; the
 * views that show flights (Entrega de turno, the timeline) load theirs again when they open.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../generated/openapi";
import { apiClient, apiErrorMessage } from "../api/client";
import { saveDownload } from "../files/download";
import { queryKeys } from "./keys";

export type DataLoad = components["schemas"]["DataLoad"];
export type DataLoadPreview = components["schemas"]["DataLoadPreview"];
export type DataLoadRequest = components["schemas"]["DataLoadRequest"];
export type DataLoadFilePart = "original" | "skipped";
type ErrorBody = components["schemas"]["Error"];
type ErrorDetail = components["schemas"]["ErrorDetail"];

/** A refused call: the server's Spanish message, its details (lines of the file), and the status (0: no answer). */
export class DataLoadError extends Error {
  readonly status: number;
  readonly details: readonly ErrorDetail[];
  constructor(error: ErrorBody | undefined | unknown, status: number) {
    super(apiErrorMessage(error));
    this.name = "DataLoadError";
    this.status = status;
    this.details = isErrorBody(error) ? (error.errors ?? []) : [];
  }
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === "object" && value !== null && "message" in value && typeof value.message === "string";

const refused = (error: unknown, response: Response | undefined) => new DataLoadError(error, response?.status ?? 0);

export const dataLoadKeys = {
  all: queryKeys.loads,
  list: (limit: number) => [...queryKeys.loads, "list", limit] as const,
};

/** The history of loads, newest first. */
export function useDataLoads(limit = 100) {
  return useQuery({
    queryKey: dataLoadKeys.list(limit),
    queryFn: async ({ signal }): Promise<DataLoad[]> => {
      const { data, error, response } = await apiClient.GET("/api/loads/", { params: { query: { limit } }, signal });
      if (!data) throw refused(error, response);
      return data;
    },
  });
}

/** What a file would change; writes nothing, so it invalidates nothing. */
export function usePreviewDataLoad() {
  return useMutation({
    mutationFn: async (body: DataLoadRequest): Promise<DataLoadPreview> => {
      const { data, error, response } = await apiClient.POST("/api/loads/preview/", { body }).catch((failure: unknown) => ({
        data: undefined,
        error: failure,
        response: undefined,
      }));
      if (!data) throw refused(error, response);
      return data;
    },
  });
}

/** Applies a file (with `skip_errors` when the person chose to leave the lines in error out). */
export function useApplyDataLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DataLoadRequest): Promise<DataLoad> => {
      const { data, error, response } = await apiClient.POST("/api/loads/", { body }).catch((failure: unknown) => ({
        data: undefined,
        error: failure,
        response: undefined,
      }));
      if (!data) throw refused(error, response);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.loads }),
  });
}

/** Saves a load's original file, or the lines it left out, under the name the server gives. */
export async function downloadDataLoadFile(load: Pick<DataLoad, "id" | "file_name">, part: DataLoadFilePart): Promise<void> {
  const result = await apiClient
    .GET("/api/loads/{id}/file/", { params: { path: { id: load.id }, query: { part } }, parseAs: "blob" })
    .catch(() => null);
  if (!result?.data) throw refused(result?.error, result?.response);
  const fallback = part === "skipped" ? `${load.file_name.replace(/\.[^.]*$/, "")}-omitidas.txt` : load.file_name;
  saveDownload(result.data, result.response, fallback);
}
