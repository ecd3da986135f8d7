/**
 * A long list drawn first screen first (issue 35): the first `count` items render with the list's
 * first answer, the whole list right after as a transition that yields to the user's input, so
 * the rows on screen do not wait for hundreds below them. Later changes (a filter) render in the
 * background the same way, the previous list staying until the new one is ready.
 */
import { useDeferredValue } from "react";

export function useFirstScreen<T>(items: readonly T[], count: number): readonly T[] {
  return useDeferredValue(items, items.length > count ? items.slice(0, count) : items);
}
