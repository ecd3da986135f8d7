/**
 * Justificaciones (issue 27 item 2): the reasons, the justifications of some slots, and the writes.
 * A write invalidates the justifications and Histórico (a justified slot counts as used there);
 * the Admin's reasons list is a react-admin resource under `justificationReasons`.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, multipart, ONE_CALL } from "./request";

export type Justification = components["schemas"]["Justification"];
export type JustificationReason = components["schemas"]["JustificationReason"];
export type JustificationKind = components["schemas"]["JustificationKind"];

/** The reasons offered when justifying (active ones, by position); `includeInactive` lists them all. */
export function useJustificationReasons({ includeInactive = false }: { includeInactive?: boolean } = {}) {
  return useQuery({
    queryKey: [...queryKeys.justificationReasons, { includeInactive }],
    queryFn: ({ signal }) =>
      dataOf(apiClient.GET("/api/justification-reasons/", { params: { query: { include_inactive: includeInactive } }, signal })),
    staleTime: 60_000,
    ...ONE_CALL,
  });
}

/** The justifications of these slots (those that have one); nothing is asked for an empty list. */
export function useJustifications(slotIds: readonly number[]) {
  return useQuery({ ...justificationsQuery(slotIds), enabled: slotIds.length > 0, ...ONE_CALL });
}

/** The justifications of these slots, read now into the same cache (the dialog's 'Recargar'). */
export function useReadJustifications(): (slotIds: readonly number[]) => Promise<Justification[]> {
  const queryClient = useQueryClient();
  return useCallback((slotIds) => queryClient.fetchQuery({ ...justificationsQuery(slotIds), staleTime: 0 }), [queryClient]);
}

function justificationsQuery(slotIds: readonly number[]) {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  return {
    queryKey: [...queryKeys.justifications, ids],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      dataOf(apiClient.GET("/api/justifications/", { params: { query: { slot_ids: ids.join(",") } }, signal })),
  };
}

/** The attached PDF (the whole result: the caller saves the blob under its Content-Disposition name). */
export const downloadJustificationFile = (id: number) =>
  apiClient.GET("/api/justifications/{id}/file/", { params: { path: { id } }, parseAs: "blob" });

/** After a write: the justifications, and Histórico, whose rates count justified slots as used. */
function useJustificationWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [queryKeys.justifications, queryKeys.history]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export type NewJustification = { slotId: number; kind: JustificationKind; reasonId: number; note: string; file: File | null };

/** Justifies a slot; answers the justification as stored, else fails with the server's sentence (409 when someone justified it first). */
export const useCreateJustification = () =>
  useJustificationWrite(({ slotId, kind, reasonId, note, file }: NewJustification) =>
    dataOf(
      apiClient.POST(
        "/api/justifications/",
        multipart(
          { slot_id: String(slotId), kind, reason_id: String(reasonId), note, ...(file ? { file: file.name } : {}) },
          { file },
        ),
      ),
    ),
  );

export type JustificationChange = {
  id: number;
  /** The version the change was made from: a save after someone else's is refused (409 `STALE VERSION`). */
  version: number;
  reasonId: number;
  note: string;
  /** A new PDF, or `"remove"` to drop the attached one; null keeps it. */
  file: File | "remove" | null;
};

/** Changes a justification's reason, note or PDF; answers it as stored, else fails (`staleVersionOf` tells a 409 apart). */
export const useUpdateJustification = () =>
  useJustificationWrite(({ id, version, reasonId, note, file }: JustificationChange) =>
    dataOf(
      apiClient.PUT("/api/justifications/{id}/", {
        params: { path: { id } },
        ...multipart(
          {
            reason_id: String(reasonId),
            note,
            version: String(version),
            ...(file === "remove" ? { remove_file: "true" as const } : file ? { file: file.name } : {}),
          },
          { file: file instanceof File ? file : null },
        ),
      }),
    ),
  );

/** Withdraws a justification from the version read (`If-Match`); fails with the server's sentence. */
export const useDeleteJustification = () =>
  useJustificationWrite(async ({ id, version }: { id: number; version: number }) => {
    // 204 has no body: `data: null` says it went through; anything else carries the server's error.
    const outcome = apiClient
      .DELETE("/api/justifications/{id}/", { params: { path: { id }, header: { "If-Match": `"${version}"` } } })
      .then((result) => (result.response.status === 204 ? { data: null } : result));
    await dataOf(outcome);
  });
