/**
 * The draft editor's rows (seed 000 §2.4, §4.2) as pure functions over an array: each row holds a
 * change line (C, modifications only) and a request line (N, D, R or L); `null` is an empty place
 * the user can drop a line of the same kind onto.
 *
 * Rules:
 * - A linked row (modifications only) keeps its change and request together: the row moves as a
 *   unit and its lines cannot be moved one by one. Encoding gives linked rows.
 * - A linked row holding both lines can be split into two rows (change alone, then request alone).
 * - A single line of an unlinked row can be moved onto an empty place of the same kind; a source
 *   row left empty is removed.
 * - Every function returns a new array and leaves its input untouched; an impossible operation
 *   returns the input as it was.
 */
import type { components } from "../../../generated/openapi";

type EncodedSlot = components["schemas"]["EncodedSlot"];
type EncodedDraftEntry = components["schemas"]["EncodedDraftEntry"];
type RequestLinePair = components["schemas"]["RequestLinePair"];

export type LineKind = "change" | "request";

export interface EditorPair {
  /** Identifies the row in the editor (React key, drag source); never sent. */
  key: string;
  /** The slot id the lines are about, or the alta's draft id. */
  id: string;
  linked: boolean;
  change: string | null;
  request: string | null;
}

/** Makes the `key` of a new row. */
export type KeyFactory = () => string;

const isEmpty = (pair: EditorPair): boolean => pair.change === null && pair.request === null;
const inRange = (pairs: readonly EditorPair[], index: number): boolean =>
  Number.isInteger(index) && index >= 0 && index < pairs.length;

/** Rows from the encode answer, in its order; `linked` for modifications. */
export function pairsFromEncoded(slots: readonly EncodedSlot[], linked: boolean, makeKey: KeyFactory): EditorPair[] {
  return slots
    .map((slot) => ({ key: makeKey(), id: slot.id, linked: linked && slot.change !== null && slot.request !== null, change: slot.change, request: slot.request }))
    .filter((pair) => !isEmpty(pair));
}

/** Rows from the stored modification draft (`modification_data.encoded`); ghosts are empty places. */
export function pairsFromDraft(entries: readonly EncodedDraftEntry[], makeKey: KeyFactory): EditorPair[] {
  return entries
    .map((entry) => {
      const change = entry.data.actual.ghost ? null : entry.data.actual.line;
      const request = entry.data.request.ghost ? null : entry.data.request.line;
      return { key: makeKey(), id: entry.id, linked: entry.linked && change !== null && request !== null, change, request };
    })
    .filter((pair) => !isEmpty(pair));
}

/** The rows as the modification draft stores them. */
export function pairsToDraft(pairs: readonly EditorPair[]): EncodedDraftEntry[] {
  return pairs.map((pair) => ({
    id: pair.id,
    linked: pair.linked,
    data: {
      actual: pair.change === null ? { line: "", ghost: true } : { line: pair.change, ghost: false },
      request: pair.request === null ? { line: "", ghost: true } : { line: pair.request, ghost: false },
    },
  }));
}

/** The rows as the send view takes them, in order. */
export function pairsToRequest(pairs: readonly EditorPair[]): RequestLinePair[] {
  return pairs.filter((pair) => !isEmpty(pair)).map(({ id, change, request }) => ({ id, change, request }));
}

/** Moves the row at `from` to position `to` (the other rows keep their order). */
export function moveRow(pairs: readonly EditorPair[], from: number, to: number): EditorPair[] {
  if (!inRange(pairs, from) || !inRange(pairs, to) || from === to) return [...pairs];
  const next = [...pairs];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Whether the `kind` line of row `from` may go onto the empty `kind` place of row `to`. */
export function canMoveLine(pairs: readonly EditorPair[], from: number, kind: LineKind, to: number): boolean {
  const source = pairs[from];
  const target = pairs[to];
  if (!source || !target || from === to) return false;
  return !source.linked && source[kind] !== null && target[kind] === null;
}

/** The rows whose `kind` place is empty and may receive the `kind` line of row `from`. */
export function moveTargets(pairs: readonly EditorPair[], from: number, kind: LineKind): number[] {
  return pairs.flatMap((_, index) => (canMoveLine(pairs, from, kind, index) ? [index] : []));
}

/** Moves one line onto an empty place of the same kind; the source row is removed when left empty. */
export function moveLine(pairs: readonly EditorPair[], from: number, kind: LineKind, to: number): EditorPair[] {
  if (!canMoveLine(pairs, from, kind, to)) return [...pairs];
  const source = pairs[from];
  const target = pairs[to];
  if (!source || !target) return [...pairs];
  const next = pairs.map((pair, index) => {
    if (index === from) return { ...pair, [kind]: null, linked: false };
    if (index === to) return { ...pair, [kind]: source[kind] };
    return pair;
  });
  return next.filter((pair, index) => index !== from || !isEmpty(pair));
}

/** A row may be linked when it holds both lines and is not linked yet. */
export const canLink = (pair: EditorPair | undefined): boolean =>
  pair !== undefined && !pair.linked && pair.change !== null && pair.request !== null;

/** A row may be split when it is linked and holds both lines. */
export const canSplit = (pair: EditorPair | undefined): boolean =>
  pair !== undefined && pair.linked && pair.change !== null && pair.request !== null;

/** Links (or unlinks) a row; linking needs both lines. */
export function setLinked(pairs: readonly EditorPair[], index: number, linked: boolean): EditorPair[] {
  const pair = pairs[index];
  if (!pair || (linked && !canLink(pair)) || (!linked && !pair.linked)) return [...pairs];
  return pairs.map((candidate, at) => (at === index ? { ...candidate, linked } : candidate));
}

/** Splits a linked row into the change alone, then the request alone (both unlinked). */
export function splitPair(pairs: readonly EditorPair[], index: number, makeKey: KeyFactory): EditorPair[] {
  const pair = pairs[index];
  if (!pair || !canSplit(pair)) return [...pairs];
  const change: EditorPair = { ...pair, linked: false, request: null };
  const request: EditorPair = { ...pair, key: makeKey(), linked: false, change: null };
  return [...pairs.slice(0, index), change, request, ...pairs.slice(index + 1)];
}

/** Copies a row right after itself. */
export function duplicatePair(pairs: readonly EditorPair[], index: number, makeKey: KeyFactory): EditorPair[] {
  const pair = pairs[index];
  if (!pair) return [...pairs];
  return [...pairs.slice(0, index + 1), { ...pair, key: makeKey() }, ...pairs.slice(index + 1)];
}

/** Removes a row from the editor (the draft keeps the item). */
export function removePair(pairs: readonly EditorPair[], index: number): EditorPair[] {
  if (!inRange(pairs, index)) return [...pairs];
  return pairs.filter((_, at) => at !== index);
}

/** Replaces the text of one line (an existing one: an empty place is filled by moving a line). */
export function setLine(pairs: readonly EditorPair[], index: number, kind: LineKind, text: string): EditorPair[] {
  const pair = pairs[index];
  if (!pair || pair[kind] === null) return [...pairs];
  return pairs.map((candidate, at) => (at === index ? { ...candidate, [kind]: text } : candidate));
}

/** Request lines written with the other revision letter take `letter` (the editor's L/R switch). */
export function withRequestLetter(pairs: readonly EditorPair[], letter: "L" | "R"): EditorPair[] {
  const other = letter === "L" ? "R" : "L";
  return pairs.map((pair) =>
    pair.request !== null && pair.request.startsWith(other) ? { ...pair, request: `${letter}${pair.request.slice(1)}` } : pair,
  );
}

/** The revision letter the request lines use (the first one that starts with L or R), else null. */
export function requestLetterOf(pairs: readonly EditorPair[]): "L" | "R" | null {
  for (const pair of pairs) {
    const first = pair.request?.[0];
    if (first === "L" || first === "R") return first;
  }
  return null;
}

/** Drops the rows of items that left the draft. */
export function keepIds(pairs: readonly EditorPair[], ids: ReadonlySet<string>): EditorPair[] {
  return pairs.filter((pair) => ids.has(pair.id));
}

/** The draft's items that have no row in the editor, in the draft's order. */
export function missingIds(pairs: readonly EditorPair[], ids: readonly string[]): string[] {
  const present = new Set(pairs.map((pair) => pair.id));
  return ids.filter((id) => !present.has(id));
}
