/**
 * Damerau distance (optimal string alignment): insertions, deletions, substitutions and a swap of
 * two adjacent letters each count as one edit, so "sqaut" is one edit from "squat" (docs/api.md#typos-and-swapped-letters).
 */

/** The distance between `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`. */
export function damerauDistance(a: string, b: string, limit: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  // Three rows of the dynamic programme: two back (for the swap), one back, and this one.
  let twoBack = new Int32Array(m + 1);
  let oneBack = new Int32Array(m + 1);
  let row = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) oneBack[j] = j;
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(oneBack[j]! + 1, row[j - 1]! + 1, oneBack[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, twoBack[j - 2]! + 1);
      }
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [twoBack, oneBack, row] = [oneBack, row, twoBack];
  }
  return Math.min(oneBack[m]!, limit + 1);
}
