/** Where the SCR will be e-mailed, asked once when the send view opens (GET send_status). */
import { useEffect, useState } from "react";
import { apiClient, apiErrorMessage } from "../../../client/api/client";
import type { components } from "../../../generated/openapi";

type SendStatus = components["schemas"]["SendStatus"];

export type SendStatusState = { kind: "loading" } | { kind: "ready"; status: SendStatus } | { kind: "failed"; message: string };

export function useSendStatus(): SendStatusState {
  const [state, setState] = useState<SendStatusState>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .GET("/api/turnover/requests/send_status/", { signal: controller.signal })
      .then(({ data, error }) => {
        if (controller.signal.aborted) return;
        setState(data ? { kind: "ready", status: data } : { kind: "failed", message: apiErrorMessage(error) });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: "failed", message: apiErrorMessage(error) });
      });
    return () => controller.abort();
  }, []);
  return state;
}
