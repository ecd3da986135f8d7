/**
 * The public pages' account calls: a reset link asked for, an e-mailed link checked and used.
 * Those pages run before the shell, without react-admin's QueryClient: the link's page brings its
 * own (`publicQueryClient`, loaded with that page only, so the sign-in page's code stays small).
 */
import { QueryClient, useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { dataOf, ONE_CALL } from "./request";

type SetPasswordRequest = components["schemas"]["SetPasswordRequest"];

/** The cache of the public pages (one per page load). */
export const publicQueryClient = new QueryClient();

/**
 * What an e-mailed link is for, if it still works (`GET /api/auth/token/`); a used or expired link
 * fails with the server's sentence. An empty token asks nothing.
 */
export function useAccountToken(token: string) {
  return useQuery({
    queryKey: ["accountToken", token],
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/auth/token/", { params: { query: { token } }, signal })),
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    ...ONE_CALL,
  });
}

/** Asks for a reset link by e-mail; the answer is the same sentence for every address. */
export const requestPasswordReset = (email: string) => apiClient.POST("/api/auth/forgot-password/", { body: { email } });

/** Sets the password from an invitation or reset link (204). */
export const setPasswordWithToken = (body: SetPasswordRequest) => apiClient.POST("/api/auth/set-password/", { body });
