/**
 * The business settings in the browser (TanStack Query, under `queryKeys.settings`): the airline's
 * designators that the draft editor, the altas and the file names use, and the mutation that
 * saves a setting and invalidates them all.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Airline, DEFAULT_AIRLINE } from "../../domain/airline";
import type { components } from "../../generated/openapi";
import { apiClient, apiErrorMessage } from "../api/client";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL, staleVersionOf } from "./request";

export type Setting = components["schemas"]["Setting"];
type AirlineSetting = components["schemas"]["AirlineSetting"];
type SettingModifyRequest = components["schemas"]["SettingModifyRequest"];

/**
 * A refused save: the server's message and its first detail (the field it names); `stale` when
 * another person saved the setting after it was read (409 `STALE VERSION`, issue 25).
 */
export class SettingSaveError extends Error {
  constructor(
    message: string,
    readonly detail: string | null,
    readonly status: number | null,
    readonly stale = false,
  ) {
    super(message);
    this.name = "SettingSaveError";
  }
}

const isAirlineSetting = (setting: Setting): setting is AirlineSetting => setting.name === "airline";

/** The `airline` setting as stored (with its id, to save it), loading or failed as queries are. */
export function useAirlineSetting() {
  return useQuery({
    queryKey: [...queryKeys.settings, "airline"],
    queryFn: async ({ signal }): Promise<AirlineSetting> => {
      const { data, error } = await apiClient.GET("/api/list-settings/", { params: { query: { names: "airline" } }, signal });
      const setting = data?.find(isAirlineSetting);
      if (!setting) throw new Error(apiErrorMessage(error));
      return setting;
    },
    // Changed rarely, by an Admin or Slot user: one read per quarter hour unless a save invalidates it.
    staleTime: 15 * 60_000,
  });
}

/**
 * The airline the screens name flights and files with: the stored setting, the demo's VB / VIV
 * until it has loaded (the server checks every request against the stored one anyway).
 */
export function useAirline(): Airline {
  return useAirlineSetting().data?.value ?? DEFAULT_AIRLINE;
}

/** Saves a setting's value; on success every settings query is read again. */
export function useModifySetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: components["schemas"]["SettingModifyRequest"]): Promise<Setting> => {
      const result = await apiClient.POST("/api/settings/modify/", { body });
      if (result.data) return result.data;
      throw new SettingSaveError(
        apiErrorMessage(result.error),
        result.error?.errors?.[0]?.message ?? null,
        result.response.status,
        staleVersionOf(result.error) !== null,
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.settings }),
  });
}

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
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingModifyRequest) => apiClient.POST("/api/settings/modify/", { body }).catch(() => null),
    onSuccess: (result) => {
      if (result?.data) void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    },
  });
}
