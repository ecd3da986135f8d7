/**
 * The stored seasons (`GET /api/seasons/`): one list, shared by every view that offers a season;
 * the season start's upload and template.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAirport } from "../airport/useAirport";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, multipart, ONE_CALL } from "./request";

export type Season = components["schemas"]["Season"];
/** A season with its rule and calendar (issue 27), as the season list answers it. */
export type SeasonDetail = components["schemas"]["SeasonDetail"];

/** Seasons change when one starts or a slot file creates one: rarely during a shift. */
const SEASONS_STALE_MS = 5 * 60_000;

/**
 * The seasons of one airport (issue 37: a season is one airport's): `airport` when a screen names
 * it, else the airport chosen in the top bar; null: the airport is not known yet, nothing is
 * asked. Each airport has its own key under the seasons' one, so what refreshes the seasons
 * refreshes them all.
 */
export function useSeasons(airport?: string | null) {
  const chosen = useAirport().code;
  const asked = airport === undefined ? chosen : airport;
  return useQuery({
    queryKey: [...queryKeys.seasons, asked],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/seasons/", { params: { query: asked ? { airport: asked } : {} }, signal })),
    enabled: asked !== null,
    staleTime: SEASONS_STALE_MS,
    ...ONE_CALL,
  });
}

/** The season file's template (`GET /api/slots/upload/template/`), for the caller to name and save. */
export const downloadSeasonTemplate = () => apiClient.GET("/api/slots/upload/template/", { parseAs: "blob" });

type SeasonUploadForm = Omit<components["schemas"]["SeasonUploadForm"], "xls_file">;

/**
 * Starts a season from its file ('Inicio de temporada'). It answers the call's whole result (null
 * when the request failed to go out): the dialog reads the status and the sheet's details. A new
 * season and its slots change nearly every view, so every query is read again (as react-admin's
 * refresh did here before).
 */
export function useUploadSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: SeasonUploadForm; file: File }) =>
      apiClient.POST("/api/slots/upload/", multipart({ ...fields, xls_file: file.name }, { xls_file: file })).catch(() => null),
    onSuccess: (result) => {
      if (result?.data) void queryClient.invalidateQueries();
    },
  });
}
