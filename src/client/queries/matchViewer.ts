/**
 * The match viewer: one match (`GET /api/turnover/{id}/`), its panels (slot changes,
 * affectations, leftover slots) and its writes. A write changes the turnover rows as well.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components, operations } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

type Affectation = components["schemas"]["Affectation"];
type AffectationUpdate = components["schemas"]["AffectationUpdate"];
type TurnoverRow = components["schemas"]["TurnoverRow"];
type DelayEvaluation = operations["evaluateMatchDelays"]["requestBody"]["content"]["application/json"];

const matchKey = (matchId: number) => [...queryKeys.matchViewer, matchId] as const;

/** The match's row (the answer is a list of one; empty when there is no such match). */
export function useMatch(matchId: number) {
  return useQuery({
    queryKey: [...matchKey(matchId), "row"],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/turnover/{id}/", { params: { path: { id: matchId } }, signal })),
    ...ONE_CALL,
  });
}

export function useMatchChanges(matchId: number) {
  return useQuery({
    queryKey: [...matchKey(matchId), "changes"],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/turnover/{id}/changes/", { params: { path: { id: matchId } }, signal })),
    ...ONE_CALL,
  });
}

export function useMatchAffectations(matchId: number) {
  return useQuery({
    queryKey: [...matchKey(matchId), "affectations"],
    queryFn: ({ signal }) =>
      dataOf(apiClient.GET("/api/turnover/{id}/affectations/", { params: { path: { id: matchId } }, signal })),
    ...ONE_CALL,
  });
}

export function useLeftovers(matchId: number) {
  return useQuery({
    queryKey: [...matchKey(matchId), "leftovers"],
    queryFn: ({ signal }) =>
      dataOf(apiClient.GET("/api/turnover/{id}/slot_leftovers/", { params: { path: { id: matchId } }, signal })),
    ...ONE_CALL,
  });
}

/**
 * The writes answer the call's result (the views tell success from failure by its data). A
 * stored change marks the match and the turnover rows stale: the views reload the rows themselves
 * and close the viewer, so nothing is asked again behind them.
 */
function useStaleAfter() {
  const queryClient = useQueryClient();
  return (matchId: number) => {
    void queryClient.invalidateQueries({ queryKey: matchKey(matchId), refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: queryKeys.turnover, refetchType: "none" });
  };
}

/**
 * Reads the match again, with its open panels (the answer to a 409 `STALE VERSION`: 'Recargar').
 * The forms keep what the user typed; they show the reloaded values beside it.
 */
export function useReloadMatch(matchId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: matchKey(matchId), type: "active" });
}

/** After a write of the viewer's own: the cached row carries the version that write made. */
function useOwnVersion() {
  const queryClient = useQueryClient();
  return (matchId: number, version: number | undefined) => {
    if (version === undefined) return;
    queryClient.setQueryData<TurnoverRow[]>([...matchKey(matchId), "row"], (rows) => rows?.map((row) => ({ ...row, version })));
  };
}

/** Separates the match (`delete_match`), from the version the viewer read (`If-Match`). */
export function useSeparateMatch() {
  const stale = useStaleAfter();
  return useMutation({
    mutationFn: ({ matchId, version }: { matchId: number; version: number | undefined }) =>
      apiClient.DELETE("/api/turnover/{id}/delete_match/", {
        params: { path: { id: matchId }, ...(version !== undefined ? { header: { "If-Match": `"${version}"` } } : {}) },
      }),
    onSuccess: (result, { matchId }) => {
      if (result.data) stale(matchId);
    },
  });
}

/** Gives the match a leftover slot, from the version the viewer read. */
export function useAssignLeftover() {
  const stale = useStaleAfter();
  return useMutation({
    mutationFn: ({ matchId, slotId, version }: { matchId: number; slotId: number; version: number | undefined }) =>
      apiClient.PATCH("/api/turnover/{id}/slot_leftovers/", {
        params: { path: { id: matchId } },
        body: { match_slot_leftover: slotId, ...(version !== undefined ? { version } : {}) },
      }),
    onSuccess: (result, { matchId }) => {
      if (result.data) stale(matchId);
    },
  });
}

/** Saves the match's delay evaluation; the saved row becomes the match's cached row. */
export function useEvaluateDelays() {
  const queryClient = useQueryClient();
  const stale = useStaleAfter();
  return useMutation({
    mutationFn: ({ matchId, body }: { matchId: number; body: DelayEvaluation }) =>
      apiClient.POST("/api/turnover/{id}/slot_evaluation/", { params: { path: { id: matchId } }, body }),
    onSuccess: (result, { matchId }) => {
      if (!result.data) return;
      queryClient.setQueryData([...matchKey(matchId), "row"], [result.data]);
      stale(matchId);
    },
  });
}

/** Saves one affectation; the stored one replaces it in the match's cached list (and its version the row's). */
export function useUpdateAffectation(matchId: number) {
  const queryClient = useQueryClient();
  const ownVersion = useOwnVersion();
  return useMutation({
    mutationFn: (body: AffectationUpdate) => apiClient.PATCH("/api/turnover/affectations/update/", { body }),
    onSuccess: (result) => {
      const saved = result.data;
      if (!saved) return;
      const { version, ...affectation } = saved;
      queryClient.setQueryData<Affectation[]>([...matchKey(matchId), "affectations"], (list) =>
        list?.map((item) => (item.id === saved.id ? affectation : item)),
      );
      ownVersion(matchId, version);
    },
  });
}
