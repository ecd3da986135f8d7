/** The session asked again in the background (the shell does on each change of view). */
import type { components } from "../../generated/openapi";
import { apiClient } from "../api/client";

type SessionUser = components["schemas"]["SessionUser"];

/**
 * Whether the session still holds: the user as the server knows it now, "expired" when it answers
 * 401 (blocked, deleted or signed out elsewhere), null when it could not tell (network, another error).
 */
export async function recheckSession(): Promise<SessionUser | "expired" | null> {
  try {
    const { data, response } = await apiClient.GET("/api/auth/me/");
    if (data) return data;
    return response.status === 401 ? "expired" : null;
  } catch {
    return null;
  }
}
