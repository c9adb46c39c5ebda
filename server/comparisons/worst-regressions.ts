/**
 * The few pairs whose metric fell most, in the order the compare page lists its regressions
 * (comparison-rows.ts), found in one pass over the pairs: a verdict on a comparison nobody opened yet
 * needs ten of them, not a sort of every pair. Pure.
 */
import { TIE_EPSILON } from '../evaluation/paired-stats';
import { deltaOrder } from './comparison-rows';
import type { PairedQueries } from './paired-queries';

export function worstRegressions(paired: PairedQueries, metric: number, count: number): Int32Array {
  const deltas = paired.deltas[metric];
  const before = deltaOrder(paired, metric, 'asc');
  const worst: number[] = [];
  for (let k = 0; k < deltas.length; k++) {
    if (!(deltas[k] < -TIE_EPSILON)) continue;
    if (worst.length === count && before(k, worst[count - 1]) >= 0) continue;
    let at = worst.length;
    while (at > 0 && before(k, worst[at - 1]) < 0) at--;
    worst.splice(at, 0, k);
    if (worst.length > count) worst.pop();
  }
  return Int32Array.from(worst);
}
