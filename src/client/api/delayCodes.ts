/** The IATA delay codes, loaded once per page (they change with a release, not during a shift). */
import { apiClient, apiErrorMessage } from "./client";
import type { components } from "../../generated/openapi";

export type DelayCode = components["schemas"]["DelayCode"];

let cached: Promise<DelayCode[]> | null = null;

export function loadDelayCodes(): Promise<DelayCode[]> {
  cached ??= apiClient.GET("/api/turnover/codes/").then(({ data, error }) => {
    if (!data) throw new Error(apiErrorMessage(error));
    return data;
  });
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** Forget the loaded codes (each test is a new page). */
export function forgetDelayCodes(): void {
  cached = null;
}
