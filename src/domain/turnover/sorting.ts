/** Sorting of the difference columns (seed 001 §2.1): numeric, negatives in their place, blanks last. */

export type SortDirection = "asc" | "desc";

/**
 * Compares two minute differences for a sort in `direction`: −30 < −5 < 0 < 12 ascending (the
 * reverse descending), and a missing difference after every number in both directions.
 */
export function compareDifferences(a: number | null | undefined, b: number | null | undefined, direction: SortDirection): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const order = a - b;
  return direction === "asc" ? order : -order;
}
