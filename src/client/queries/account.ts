/**
 * The signed-in user's own account (the top bar's dialogs): the name and the password. The
 * public pages' calls (a reset link asked for, an e-mailed link used) are in accountLinks.ts.
 */
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import { storeUser } from "../auth/session";
import type { components } from "../../generated/openapi";

type ChangeNameRequest = components["schemas"]["ChangeNameRequest"];
type ChangePasswordRequest = components["schemas"]["ChangePasswordRequest"];

/**
 * Both answer the call's whole result (null when the request failed to go out): the dialogs show
 * the server's field errors.
 */

/** Changes the name; the stored session user takes the new one (the caller refreshes the identity). */
export function useChangeName() {
  return useMutation({
    mutationFn: (body: ChangeNameRequest) => apiClient.POST("/api/auth/change-name/", { body }).catch(() => null),
    onSuccess: (result) => {
      if (result?.data) storeUser(result.data);
    },
  });
}

/** Changes the password (204); no cached data depends on it. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiClient.POST("/api/auth/change-password/", { body }).catch(() => null),
  });
}
