/**
 * The caller's drafts (`GET /api/turnover/drafts/`) and their writes (`POST`/`DELETE`): one
 * cached copy, shared by the drafts modal, the match viewer's draft actions and the turnover
 * table's bulk menu. A write answers the drafts as stored, which become the cached copy.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useAirport } from "../airport/useAirport";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type Drafts = components["schemas"]["Drafts"];
export type DraftsUpdate = components["schemas"]["DraftsUpdate"];
export type DraftType = components["schemas"]["DraftType"];
type EncodeRequest = components["schemas"]["EncodeRequest"];

/** The drafts of the airport chosen in the top bar (issue 37): cached per airport, under `queryKeys.drafts`. */
const draftsKey = (airport: string) => [...queryKeys.drafts, airport] as const;

const draftsQuery = (airport: string) => ({
  queryKey: draftsKey(airport),
  queryFn: ({ signal }: { signal: AbortSignal }) => dataOf(apiClient.GET("/api/turnover/drafts/", { params: { query: { airport } }, signal })),
  ...ONE_CALL,
});

/** The drafts; `enabled` false asks nothing (a user who may not touch drafts). */
export function useDrafts(enabled = true) {
  const { code } = useAirport();
  return useQuery({ ...draftsQuery(code), enabled });
}

/** Reads the drafts from the server now (a flow that decides on what is stored this instant). */
export function useReadDrafts(): () => Promise<Drafts> {
  const queryClient = useQueryClient();
  const { code } = useAirport();
  return useCallback(() => queryClient.fetchQuery({ ...draftsQuery(code), staleTime: 0 }), [queryClient, code]);
}

/**
 * The version of the drafts this browser read last (the cached copy's): every write sends it, so a
 * write made over another tab's newer save is refused (409 `STALE VERSION`) instead of undoing it.
 */
function useReadVersion(airport: string) {
  const queryClient = useQueryClient();
  return () => queryClient.getQueryData<Drafts>(draftsKey(airport))?.version;
}

/** Saves sections of the drafts, from the version read; the stored drafts replace the cached copy. */
export function useSaveDrafts() {
  const queryClient = useQueryClient();
  const { code } = useAirport();
  const readVersion = useReadVersion(code);
  return useMutation({
    mutationFn: (update: DraftsUpdate) => {
      const version = update.version ?? readVersion();
      return dataOf(
        apiClient.POST("/api/turnover/drafts/", { params: { query: { airport: code } }, body: { ...update, ...(version !== undefined ? { version } : {}) } }),
      );
    },
    onSuccess: (drafts) => queryClient.setQueryData(draftsKey(code), drafts),
  });
}

/** Empties one draft, from the version read (`If-Match`); the stored drafts replace the cached copy. */
export function useClearDraft() {
  const queryClient = useQueryClient();
  const { code } = useAirport();
  const readVersion = useReadVersion(code);
  return useMutation({
    mutationFn: (type: DraftType) => {
      const version = readVersion();
      return dataOf(
        apiClient.DELETE("/api/turnover/drafts/", {
          params: { query: { type, airport: code }, ...(version !== undefined ? { header: { "If-Match": `"${version}"` } } : {}) },
        }),
      );
    },
    onSuccess: (drafts) => queryClient.setQueryData(draftsKey(code), drafts),
  });
}

/** The editor's lines for some draft items (`POST /api/turnover/requests/encode/`): a computation, not stored. */
export const encodeDraftItems = (request: EncodeRequest) =>
  dataOf(apiClient.POST("/api/turnover/requests/encode/", { body: request }));

type GenerateRequest = components["schemas"]["GenerateRequest"];

/** Where an SCR for `airport` will be e-mailed (`GET /api/turnover/requests/send_status/`): its coordinator. */
export function useSendStatus(airport: string) {
  return useQuery({
    queryKey: [...queryKeys.drafts, "sendStatus", airport],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/turnover/requests/send_status/", { params: { query: { airport } }, signal })),
    ...ONE_CALL,
  });
}

/**
 * The message the send would e-mail, built by the server without sending (`send_request: false`),
 * kept per request text; `body` null asks nothing. A refusal fails with an ApiFailure, whose body
 * carries the field errors the view lists.
 */
export function useRequestPreview(body: GenerateRequest | null) {
  const text = body ? JSON.stringify(body) : null;
  return useQuery({
    queryKey: [...queryKeys.drafts, "preview", text],
    queryFn: ({ signal }) => {
      if (!body) throw new Error("no request to preview");
      return dataOf(apiClient.POST("/api/turnover/requests/generate_request/", { body: { ...body, send_request: false }, signal }));
    },
    enabled: body !== null,
    ...ONE_CALL,
  });
}

/**
 * Sends the SCR. It answers the call's whole result, since a refusal's code decides what the view
 * shows; a sent request is a new line in Bitácora, and its slots are now in process (the turnover
 * rows and the match viewer read them again).
 */
export function useSendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateRequest) =>
      apiClient.POST("/api/turnover/requests/generate_request/", { body: { ...body, send_request: true } }),
    onSuccess: (result) => {
      if (!result.data) return;
      for (const queryKey of [queryKeys.logbook, queryKeys.turnover, queryKeys.matchViewer]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
