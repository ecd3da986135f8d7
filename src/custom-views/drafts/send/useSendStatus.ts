/** Where the SCR will be e-mailed, asked when the send view opens (GET send_status). */
import { useSendStatus as useSendStatusQuery } from "../../../client/queries/drafts";
import type { components } from "../../../generated/openapi";

type SendStatus = components["schemas"]["SendStatus"];

export type SendStatusState = { kind: "loading" } | { kind: "ready"; status: SendStatus } | { kind: "failed"; message: string };

/** The state, and `reload` to ask again (once the coordinator's address is set in the view). */
export function useSendStatus(airport: string): SendStatusState & { reload: () => void } {
  const { data, error, refetch } = useSendStatusQuery(airport);
  const reload = () => void refetch();
  if (data) return { kind: "ready", status: data, reload };
  if (error) return { kind: "failed", message: error.message, reload };
  return { kind: "loading", reload };
}
