/** Where the SCR will be e-mailed, asked when the send view opens (GET send_status). */
import { useSendStatus as useSendStatusQuery } from "../../../client/queries/drafts";
import type { components } from "../../../generated/openapi";

type SendStatus = components["schemas"]["SendStatus"];

export type SendStatusState = { kind: "loading" } | { kind: "ready"; status: SendStatus } | { kind: "failed"; message: string };

export function useSendStatus(): SendStatusState {
  const { data, error } = useSendStatusQuery();
  if (data) return { kind: "ready", status: data };
  if (error) return { kind: "failed", message: error.message };
  return { kind: "loading" };
}
