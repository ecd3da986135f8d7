/**
 * The request's reference (seed 000 §5.3): prefilled with the season's next free one, checked
 * for availability when the field is left, and marked in use (with the next free one to try)
 * when the check or the send says so. Only a reference known to be free lets the send go on.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useReferenceChecks } from "../../../client/queries/logbook";
import { failureText } from "../../../client/queries/request";

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
  const references = useReferenceChecks();

  useEffect(() => {
    let live = true;
    // The view is mounted for one season (the state starts as "loading").
    const run = ++sequence.current;
    references.next(seasonId).then(
      (data) => {
        if (!live || run !== sequence.current) return;
        setValueState(String(data.next_reference));
        // The server's next free reference needs no second check.
        setState({ kind: "available" });
      },
      (error: unknown) => {
        if (live && run === sequence.current) setState({ kind: "error", message: failureText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [seasonId, references]);

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
        const data = await references.check(seasonId, reference);
        next = data.is_available ? { kind: "available" } : { kind: "in_use", next: data.recommended_reference };
      } catch (error) {
        next = { kind: "error", message: failureText(error) };
      }
      if (run !== sequence.current) return { kind: "unchecked" };
      setState(next);
      return next;
    },
    [seasonId, references],
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
