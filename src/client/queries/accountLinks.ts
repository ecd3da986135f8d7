/**
 * The public pages' account calls: a reset link asked for, an e-mailed link checked and used.
 * Plain calls, not query hooks: those pages run before the shell, without react-admin's
 * QueryClient, and nothing they read is shared with another view.
 */
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";

type SetPasswordRequest = components["schemas"]["SetPasswordRequest"];

/** What an e-mailed link is for, if it still works (`GET /api/auth/token/`). */
export const readAccountToken = (token: string) => apiClient.GET("/api/auth/token/", { params: { query: { token } } });

/** Asks for a reset link by e-mail; the answer is the same sentence for every address. */
export const requestPasswordReset = (email: string) => apiClient.POST("/api/auth/forgot-password/", { body: { email } });

/** Sets the password from an invitation or reset link (204). */
export const setPasswordWithToken = (body: SetPasswordRequest) => apiClient.POST("/api/auth/set-password/", { body });
