/**
 * The exact message the send would e-mail, asked of the server with `send_request: false`
 * (nothing changes there). Asked again, after a pause in typing, whenever the request changes.
 */
import { useEffect, useState } from "react";
import { useRequestPreview } from "../../../client/queries/drafts";
import { ApiFailure, failureText } from "../../../client/queries/request";
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
  // The request text once typing paused: only that one is asked (an older answer reads as "loading").
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    const timer = setTimeout(() => setSettled(key), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const preview = useRequestPreview(settled !== null && settled === key ? body : null);

  if (key === null) return { kind: "idle" };
  if (settled !== key || preview.isPending) return { kind: "loading" };
  if (preview.error) {
    const details = preview.error instanceof ApiFailure ? (preview.error.body?.errors ?? []).map((e) => e.message) : [];
    return { kind: "failed", message: failureText(preview.error), details };
  }
  return { kind: "ready", parts: preview.data.parts };
}
