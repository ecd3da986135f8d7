/**
 * Optimal assignment: the Hungarian algorithm (Kuhn–Munkres with potentials, O(n²·m)) on a
 * rectangular cost matrix, and a maximum-weight bipartite matching built on it.
 *
 * Costs are finite numbers; keep them integers below 2^50 so sums stay exact in doubles.
 */

/**
 * Minimum-cost assignment of every row of an n×m matrix with n ≤ m to a distinct column (when
 * n > m the matrix is transposed and every column gets a row). Returns, per row, the chosen column
 * index, or -1 for the rows left without one (only when n > m). Deterministic: same matrix, same
 * answer.
 */
export function minCostAssignment(cost: readonly (readonly number[])[]): number[] {
  const rows = cost.length;
  const cols = rows === 0 ? 0 : (cost[0]?.length ?? 0);
  if (rows === 0 || cols === 0) return new Array<number>(rows).fill(-1);
  for (const row of cost) {
    if (row.length !== cols) throw new RangeError("minCostAssignment: rows of different lengths");
    for (const value of row) if (!Number.isFinite(value)) throw new RangeError("minCostAssignment: non-finite cost");
  }
  if (rows <= cols) {
    return hungarian(rows, cols, (i, j) => cost[i]?.[j] ?? 0);
  }
  const byColumn = hungarian(cols, rows, (i, j) => cost[j]?.[i] ?? 0);
  const result = new Array<number>(rows).fill(-1);
  byColumn.forEach((row, col) => {
    if (row >= 0) result[row] = col;
  });
  return result;
}

/**
 * Hungarian algorithm for n ≤ m (e-maxx formulation, 1-based internally). `at(i, j)` gives the
 * 0-based cost. Returns the column of each row.
 */
function hungarian(n: number, m: number, at: (i: number, j: number) => number): number[] {
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1); // p[j] = row (1-based) assigned to column j, 0 = none
  const way = new Int32Array(m + 1);
  const minv = new Float64Array(m + 1);
  const used = new Uint8Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Number.POSITIVE_INFINITY);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0] ?? 0;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      const ui0 = u[i0] ?? 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = at(i0 - 1, j - 1) - ui0 - (v[j] ?? 0);
        if (cur < (minv[j] ?? 0)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] ?? 0) < delta) {
          delta = minv[j] ?? 0;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          const row = p[j] ?? 0;
          u[row] = (u[row] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else {
          minv[j] = (minv[j] ?? 0) - delta;
        }
      }
      j0 = j1;
    } while ((p[j0] ?? 0) !== 0);
    do {
      const j1 = way[j0] ?? 0;
      p[j0] = p[j1] ?? 0;
      j0 = j1;
    } while (j0 !== 0);
  }
  const result = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) {
    const row = p[j] ?? 0;
    if (row !== 0) result[row - 1] = j - 1;
  }
  return result;
}

/**
 * Maximum-weight bipartite matching. `weight(i, j)` returns a positive weight for an allowed
 * pair and null for a forbidden one. Solved as a minimum-cost assignment where an allowed pair
 * costs −weight and a forbidden one 0: a row "assigned" to a forbidden column stays unmatched, so
 * the assignment's cost is minus the weight of a matching, and its minimum is the best matching.
 * Returns the pairs [row, column], rows ascending.
 */
export function maxWeightMatching(
  rows: number,
  cols: number,
  weight: (row: number, col: number) => number | null,
): Array<[number, number]> {
  if (rows === 0 || cols === 0) return [];
  const cost: number[][] = [];
  let anyAllowed = false;
  for (let i = 0; i < rows; i++) {
    const line = new Array<number>(cols);
    for (let j = 0; j < cols; j++) {
      const w = weight(i, j);
      if (w !== null && !(w > 0)) throw new RangeError("maxWeightMatching: weights must be positive");
      line[j] = w === null ? 0 : -w;
      if (w !== null) anyAllowed = true;
    }
    cost.push(line);
  }
  if (!anyAllowed) return [];
  const assignment = minCostAssignment(cost);
  const pairs: Array<[number, number]> = [];
  assignment.forEach((col, row) => {
    if (col >= 0 && (cost[row]?.[col] ?? 0) < 0) pairs.push([row, col]);
  });
  return pairs;
}
