/** The settings (`GET /api/list-settings/`) and their one write (`POST /api/settings/modify/`). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type Setting = components["schemas"]["Setting"];
type SettingModifyRequest = components["schemas"]["SettingModifyRequest"];

/** The settings of these names (comma-separated, as the contract asks). */
export function useSettings(names: string) {
  return useQuery({
    queryKey: [...queryKeys.settings, names],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/list-settings/", { params: { query: { names } }, signal })),
    ...ONE_CALL,
  });
}

/**
 * Changes one setting. It answers the call's whole result (null when the request failed to go
 * out), since the callers read the status and the field errors; a stored change reloads the
 * settings.
 */
export function useModifySetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingModifyRequest) => apiClient.POST("/api/settings/modify/", { body }).catch(() => null),
    onSuccess: (result) => {
      if (result?.data) void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    },
  });
}
