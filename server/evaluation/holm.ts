/**
 * Holm's step-down correction (Holm 1979, "A simple sequentially rejective multiple test procedure"):
 * with the m p-values sorted p(1) ≤ … ≤ p(m), the adjusted p(i) is max over j ≤ i of (m − j + 1)·p(j), at
 * most 1. A hypothesis is rejected at level α when its adjusted p is below α, which is Holm's procedure.
 * Pure. Missing p-values (null) are not tested: they stay null and do not count in m.
 */
export function holmAdjusted(pValues: ReadonlyArray<number | null>): Array<number | null> {
  const tested = pValues.flatMap((p, i) => (p === null ? [] : [i])).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted: Array<number | null> = pValues.map(() => null);
  let running = 0;
  tested.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (tested.length - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
