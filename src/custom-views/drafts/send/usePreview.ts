/**
 * The exact message the send would e-mail, asked of the server with `send_request: false`
 * (nothing changes there). Asked again, after a pause in typing, whenever the request changes.
 */
import { useEffect, useEffectEvent, useState } from "react";
import { apiErrorMessage } from "../../../client/api/client";
import { previewRequest } from "../../../client/queries/drafts";
import type { components } from "../../../generated/openapi";

type GenerateRequest = components["schemas"]["GenerateRequest"];
type ScrPart = components["schemas"]["ScrPart"];

export type PreviewState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; parts: ScrPart[] }
  | { kind: "failed"; message: string; details: string[] };

const PAUSE_MS = 500;

/** `body` null: not enough to build a message yet. */
export function usePreview(body: GenerateRequest | null): PreviewState {
  // The body is a new object on every render; its text says when the request really changed.
  const key = body ? JSON.stringify(body) : null;
  // The answer and the request it answers: an answer to an older request reads as "loading".
  const [answer, setAnswer] = useState<{ key: string; state: PreviewState } | null>(null);

  const ask = useEffectEvent(async (asked: string, signal: AbortSignal) => {
    if (!body) return;
    try {
      const { data, error } = await previewRequest(body, signal);
      if (signal.aborted) return;
      setAnswer({
        key: asked,
        state: data
          ? { kind: "ready", parts: data.parts }
          : { kind: "failed", message: apiErrorMessage(error), details: (error?.errors ?? []).map((e) => e.message) },
      });
    } catch {
      if (!signal.aborted) setAnswer({ key: asked, state: { kind: "failed", message: apiErrorMessage(null), details: [] } });
    }
  });

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => void ask(key, controller.signal), PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (key === null) return { kind: "idle" };
  return answer?.key === key ? answer.state : { kind: "loading" };
}
