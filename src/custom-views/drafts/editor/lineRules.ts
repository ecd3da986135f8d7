/**
 * Which letter each editor line starts with, and its live validation (seed 000 §5.1) through the
 * domain's `validateDraftLine`, the same check the server runs before sending: C (change) and the
 * switch's L/R in modifications, N in altas (which may span a weekly series), D in cancelaciones.
 */
import type { Airline } from "../../../domain/airline";
import { type DraftLineKind, draftLineLetter, validateDraftLine } from "../../../domain/scr";
import type { SeasonBounds } from "../../../domain/seasons";
import type { EditorPair, LineKind } from "./pairs";

export type EditorFlavour = "new" | "modify" | "cancel";

export interface LineContext {
  flavour: EditorFlavour;
  /** The L/R switch of the modification editor. */
  requestLetter: "L" | "R";
  /** The draft's season: dates outside it, or on another weekday than the frequency, are errors. */
  season?: SeasonBounds;
  /** The `airline` setting: a line's flight carries one of its designators. */
  airline: Airline;
}

/** The validator's kind of a request line in each editor. */
const REQUEST_KIND: Readonly<Record<EditorFlavour, DraftLineKind>> = { new: "new", modify: "request", cancel: "delete" };

const kindOf = (kind: LineKind, context: LineContext): DraftLineKind =>
  kind === "change" ? "change" : REQUEST_KIND[context.flavour];

/** The letter a line of this kind must start with. */
export function lineLetter(kind: LineKind, context: LineContext): string {
  return draftLineLetter(kindOf(kind, context), context.requestLetter);
}

/** The first problem of the line as a Spanish sentence, or null when it is valid. */
export function lineProblem(text: string, kind: LineKind, context: LineContext): string | null {
  const problem = validateDraftLine(text, {
    kind: kindOf(kind, context),
    requestLetter: context.requestLetter,
    airline: context.airline,
    ...(context.season ? { season: context.season } : {}),
  });
  return problem?.message ?? null;
}

/** How many lines of the rows have a problem (empty places are not lines). */
export function countLineProblems(pairs: readonly EditorPair[], context: LineContext): number {
  let count = 0;
  for (const pair of pairs) {
    if (pair.change !== null && lineProblem(pair.change, "change", context) !== null) count++;
    if (pair.request !== null && lineProblem(pair.request, "request", context) !== null) count++;
  }
  return count;
}
