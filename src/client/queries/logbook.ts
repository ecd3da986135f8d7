/**
 * Bitácora: its lines' parts, notes, offers and files, the request references, and the writes.
 * The list (`logbook`) and one part (`logbookParts`) are react-admin resources, cached under those
 * roots: a write invalidates what it changed there, and the open offers live under the list's root.
 */
import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiClient, taskClient } from "../api/client";
import type { components, operations } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, multipart, ONE_CALL } from "./request";

type OfferAnswer = components["schemas"]["LogbookOfferAnswer"];
type NotesUpdate = components["schemas"]["LogbookNotesUpdate"];
type CreateForm = components["schemas"]["LogbookCreateForm"];
type RequestType = CreateForm["type"];
type LineStatus = components["schemas"]["ReferenceLineStatusChange"]["new_status"];
/** Which of a part's four files: the request's or the response's, its text or its letter. */
export type LogbookFileFlags = operations["downloadLogbookFile"]["parameters"]["query"];

/**
 * The request references of a season, asked now (a reference taken a second ago by someone else
 * must not read as free): the next free one (`next_available`), and whether one is free, else the
 * next free one to try (`check_availability`). One hook for every form that proposes or checks a
 * reference (SCR send, Bitácora's request by hand). A refusal rejects with its Spanish sentence.
 */
export function useReferenceChecks() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      next: (season: number) =>
        queryClient.fetchQuery({
          queryKey: [...queryKeys.logbook, "references", "next", season],
          queryFn: ({ signal }) => dataOf(apiClient.GET("/api/logbook/references/next_available/", { params: { query: { season } }, signal })),
          staleTime: 0,
          ...ONE_CALL,
        }),
      check: (season: number, reference: number) =>
        queryClient.fetchQuery({
          queryKey: [...queryKeys.logbook, "references", "check", season, reference],
          queryFn: ({ signal }) =>
            dataOf(apiClient.GET("/api/logbook/references/check_availability/", { params: { query: { season, reference } }, signal })),
          staleTime: 0,
          ...ONE_CALL,
        }),
    }),
    [queryClient],
  );
}

/** What the server reads in a request file (lines, date, S.I., G.I., reference): a reading, not stored. */
export const analyseRequestFile = (type: RequestType, file: File) =>
  apiClient.POST("/api/slots/log_request/analyze_request_file/", multipart({ type, request_file: file.name }, { request_file: file }));

/** A part's file (the whole result: the caller names and saves the blob, or reads the refusal). */
export const downloadLogbookFile = (partId: number, flags: LogbookFileFlags) =>
  apiClient.GET("/api/logbook/files/{id}/", { params: { path: { id: partId }, query: flags }, parseAs: "blob" });

/**
 * The season's open offers, read once `listLoaded` (the list beside them has loaded): each load of
 * the list, and each write under its root, reads them again.
 */
export function useOpenOffers(season: number | null, listLoaded: boolean) {
  return useQuery({
    queryKey: [...queryKeys.logbook, "offers", season],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/logbook/offers/", { params: { query: { season_id: season ?? 0 } }, signal })),
    enabled: season !== null && listLoaded,
    ...ONE_CALL,
  });
}

/**
 * A write to a part. It answers the call's whole result (null when the request failed to go out):
 * the views read the status and the server's message to say what went wrong. Once stored, the
 * part and the list (its row) are read again, and the roots in `alsoChanged`.
 */
function usePartWrite<V, R extends { data?: unknown } | null>(
  mutationFn: (variables: V) => Promise<R>,
  alsoChanged: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (!result?.data) return;
      for (const queryKey of [queryKeys.logbookParts, queryKeys.logbook, ...alsoChanged]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Answers a line's offers (A, P or Z), sent to the coordinator as an SCR. */
export const useAnswerOffer = () =>
  usePartWrite(({ lineId, answer }: { lineId: number; answer: OfferAnswer }) =>
    apiClient.POST("/api/logbook/lines/{id}/offer_answer/", { params: { path: { id: lineId } }, body: answer }).catch(() => null),
  );

/**
 * Saves a request's commentary or tracing (with the request's version it was written from);
 * answers the notes as stored, else fails (a 409 `STALE VERSION` when someone saved first).
 */
export function useSaveLogbookNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, notes }: { requestId: number; notes: NotesUpdate }) =>
      dataOf(apiClient.PATCH("/api/logbook/{id}/", { params: { path: { id: requestId } }, body: notes })),
    // The list shows them; the open part is read again for its version, its fields keep what they hold.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.logbook });
      void queryClient.invalidateQueries({ queryKey: queryKeys.logbookParts });
    },
  });
}

/** Uploads one of a part's files. */
export const useUploadLogbookFile = () =>
  usePartWrite(({ partId, flags, file }: { partId: number; flags: LogbookFileFlags; file: File }) =>
    apiClient
      .POST("/api/logbook/files/{id}/", {
        params: { path: { id: partId } },
        ...multipart(
          { is_request: flags.is_request ? "true" : "false", is_text_file: flags.is_text_file ? "true" : "false", file: file.name },
          { file },
        ),
      })
      .catch(() => null),
  );

/** Deletes one of a part's files. */
export const useDeleteLogbookFile = () =>
  usePartWrite(({ partId, flags }: { partId: number; flags: LogbookFileFlags }) =>
    apiClient.DELETE("/api/logbook/files/{id}/", { params: { path: { id: partId }, query: flags } }).catch(() => null),
  );

/** Deletes a whole reference (204); the list loses its row. It throws when the call failed to go out. */
export function useDeleteLogbookRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, version }: { requestId: number; version: number | undefined }) =>
      apiClient.DELETE("/api/logbook/{id}/", {
        params: { path: { id: requestId }, ...(version !== undefined ? { header: { "If-Match": `"${version}"` } } : {}) },
      }),
    onSuccess: (result) => {
      if (result.response.status === 204) void queryClient.invalidateQueries({ queryKey: queryKeys.logbook });
    },
  });
}

/** Records a request sent outside Slotdesk, with its request file and, optionally, its letter. */
export function useCreateLogbookRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, requestFile, pdf }: { fields: Omit<CreateForm, "request_file" | "request_pdf">; requestFile: File; pdf: File | null }) =>
      apiClient
        .POST(
          "/api/logbook/",
          multipart(
            { ...fields, request_file: requestFile.name, ...(pdf ? { request_pdf: pdf.name } : {}) },
            { request_file: requestFile, request_pdf: pdf },
          ),
        )
        .catch(() => null),
    onSuccess: (result) => {
      if (result?.data) void queryClient.invalidateQueries({ queryKey: queryKeys.logbook });
    },
  });
}

/**
 * Switches a line's response between K and U, which re-applies the line to the slots: besides the
 * part and the list, the views that show slots (Entrega de turno, the match viewer) are read again.
 */
export const useChangeLineStatus = () =>
  usePartWrite(
    ({ lineId, status, version }: { lineId: number; status: LineStatus; version: number | undefined }) =>
      taskClient
        .POST("/references/response/change_line_status/", {
          body: { line_id: lineId, new_status: status, compute: true, ...(version !== undefined ? { version } : {}) },
        })
        .catch(() => null),
    [queryKeys.turnover, queryKeys.matchViewer],
  );
