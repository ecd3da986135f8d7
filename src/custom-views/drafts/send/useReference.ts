/**
 * The request's reference (seed 000 §5.3): prefilled with the season's next free one, checked
 * for availability when the field is left, and marked in use (with the next free one to try)
 * when the check or the send says so. Only a reference known to be free lets the send go on.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { apiErrorMessage } from "../../../client/api/client";
import { checkReference, nextReference } from "../../../client/queries/logbook";

export type ReferenceState =
  | { kind: "loading" }
  | { kind: "unchecked" }
  | { kind: "invalid" }
  | { kind: "checking" }
  | { kind: "available" }
  | { kind: "in_use"; next: number }
  | { kind: "error"; message: string };

/** The contract's bounds of a reference. */
const MAX_REFERENCE = 999_999;

/** The reference as the number the contract takes, or null when it is not one. */
export const parseReference = (text: string): number | null => {
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_REFERENCE ? value : null;
};

export function useReference(seasonId: number) {
  const [value, setValueState] = useState("");
  const [state, setState] = useState<ReferenceState>({ kind: "loading" });
  // Each check bumps the sequence, so a late answer about an older value is ignored.
  const sequence = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    // The view is mounted for one season (the state starts as "loading").
    const run = ++sequence.current;
    nextReference(seasonId, controller.signal)
      .then(({ data, error }) => {
        if (run !== sequence.current) return;
        if (data) {
          setValueState(String(data.next_reference));
          // The server's next free reference needs no second check.
          setState({ kind: "available" });
        } else {
          setState({ kind: "error", message: apiErrorMessage(error) });
        }
      })
      .catch(() => {
        if (run === sequence.current && !controller.signal.aborted) setState({ kind: "error", message: apiErrorMessage(null) });
      });
    return () => controller.abort();
  }, [seasonId]);

  /** Typing: digits only; whatever was known about the previous value no longer holds. */
  const setValue = useCallback((text: string) => {
    sequence.current++;
    setValueState(text.replace(/\D/g, "").slice(0, 6));
    setState({ kind: "unchecked" });
  }, []);

  /** Asks the server whether the current value is free; resolves with the new state. */
  const check = useCallback(
    async (text: string): Promise<ReferenceState> => {
      const reference = parseReference(text);
      const run = ++sequence.current;
      if (reference === null) {
        const invalid: ReferenceState = { kind: "invalid" };
        setState(invalid);
        return invalid;
      }
      setState({ kind: "checking" });
      let next: ReferenceState;
      try {
        const { data, error } = await checkReference(seasonId, reference);
        next = data
          ? data.is_available
            ? { kind: "available" }
            : { kind: "in_use", next: data.recommended_reference }
          : { kind: "error", message: apiErrorMessage(error) };
      } catch {
        next = { kind: "error", message: apiErrorMessage(null) };
      }
      if (run !== sequence.current) return { kind: "unchecked" };
      setState(next);
      return next;
    },
    [seasonId],
  );

  /** The send found the reference taken (by someone else meanwhile). */
  const markInUse = useCallback((next: number) => {
    sequence.current++;
    setState({ kind: "in_use", next });
  }, []);

  /** Takes the suggested free reference (it was free when the server proposed it). */
  const takeSuggestion = useCallback((next: number) => {
    sequence.current++;
    setValueState(String(next));
    setState({ kind: "available" });
  }, []);

  return { value, state, setValue, check, markInUse, takeSuggestion };
}
