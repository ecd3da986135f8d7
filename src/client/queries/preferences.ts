/**
 * The signed-in user's own screen preferences (issue 36 item 10), kept on the server per user:
 * the columns of Entrega de turno they hid. Saved from the version read; the answer is the cache.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { dataOf, ONE_CALL } from "./request";

export type UserPreferences = components["schemas"]["UserPreferences"];

const preferencesKey = ["preferences"] as const;

/** The preferences already read on this page, if any (what the shell's early reads may go by). */
export const cachedOwnPreferences = (queryClient: QueryClient): UserPreferences | undefined =>
  queryClient.getQueryData<UserPreferences>(preferencesKey);

/** The user's preferences (the defaults at version 0 until they first save). */
export function useOwnPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/account/preferences/", { signal })),
    staleTime: 60_000,
    ...ONE_CALL,
  });
}

/** Saves the preferences from the version read; the saved ones replace the cache. */
export function useSaveOwnPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPreferences) => dataOf(apiClient.PUT("/api/account/preferences/", { body })),
    // Shown at once (the column goes or comes back as the person clicks), saved behind.
    onMutate: (body) => queryClient.setQueryData(preferencesKey, body),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
    // A save from another tab came first: read what it saved.
    onError: () => void queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
}
