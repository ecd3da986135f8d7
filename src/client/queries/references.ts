/**
 * Carga de referencias: a request file sent outside Slotdesk, or the coordinator's reply, read
 * by the server (`compute: false`, a preview that writes nothing) or applied (`compute: true`).
 * Applying records the request in Bitácora and changes slots: the logbook, the turnover rows and
 * the match viewer are read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { taskClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { multipart } from "./request";

type ErrorBody = components["schemas"]["Error"];
export type ReferenceKind = "request" | "response";
export type ReferenceSummary =
  | { kind: "request"; result: components["schemas"]["ReferenceUploadRequestResult"] }
  | { kind: "response"; result: components["schemas"]["ReferenceUploadResponseResult"] };
/** What the server answered: its summary, else its refusal and status (none when the call failed to go out). */
export type ReferenceAnswer = { summary: ReferenceSummary | null; error?: ErrorBody; status?: number };

/** `airport`: the one chosen in the top bar (issue 37); the server refuses a file of another. */
async function sendReference(kind: ReferenceKind, file: File, compute: boolean, airport: string): Promise<ReferenceAnswer> {
  const options = {
    ...multipart({ file: file.name, compute: compute ? ("true" as const) : ("false" as const), airport }, { file }),
    headers: { "X-API-Version": "2.0" },
  };
  if (kind === "request") {
    const result = await taskClient.POST("/references/request/compute/", options).catch(() => null);
    return { summary: result?.data ? { kind, result: result.data } : null, error: result?.error, status: result?.response.status };
  }
  const result = await taskClient.POST("/references/response/compute/", options).catch(() => null);
  return { summary: result?.data ? { kind, result: result.data } : null, error: result?.error, status: result?.response.status };
}

/** What the file would do (the preview the user confirms); writes nothing. */
export const previewReference = (kind: ReferenceKind, file: File, airport: string) => sendReference(kind, file, false, airport);

/** Applies the file. */
export function useComputeReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, airport }: { kind: ReferenceKind; file: File; airport: string }) => sendReference(kind, file, true, airport),
    onSuccess: (answer) => {
      if (!answer.summary) return;
      for (const queryKey of [queryKeys.references, queryKeys.logbook, queryKeys.logbookParts, queryKeys.turnover, queryKeys.matchViewer]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
