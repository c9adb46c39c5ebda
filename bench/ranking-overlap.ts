/**
 * Ranking overlap at scale: `npm run bench:ranking-overlap -- [--pairs N]`.
 *
 * Times overlap@k, Jaccard@k, RBO_min and RBO_ext (server/comparisons/ranking-overlap.ts) over N pairs of rankings
 * (100,000 by default) of 10 ids and then of 100 ids, k = the length, best of 3. Each pair is a baseline and a
 * candidate that keeps most of its ids, swaps some neighbours and brings in a few new ones, as two runs of one
 * engine do. Target: < 300 ms for each size.
 */
import { parseArgs } from 'node:util';
import { rankingOverlap } from '../server/comparisons/ranking-overlap';
import { seededRandom } from '../server/evaluation/seeded-random';
import { positive } from './run-setup';

const TARGET_MS = 300;
const CATALOGUE = 50_000;

const { values } = parseArgs({ options: { pairs: { type: 'string', default: '100000' } } });
const pairs = positive(values.pairs, '--pairs');

function generate(count: number, length: number): Array<[string[], string[]]> {
  const random = seededRandom(20261128 + length);
  const product = () => `P${random.int(1, CATALOGUE)}`;
  const generated: Array<[string[], string[]]> = [];
  for (let n = 0; n < count; n++) {
    const baseline = new Set<string>();
    while (baseline.size < length) baseline.add(product());
    const first = [...baseline];
    const second = first.map((id) => (random.next() < 0.15 ? product() : id));
    for (let i = 0; i + 1 < length; i++) {
      if (random.next() < 0.2) [second[i], second[i + 1]] = [second[i + 1], second[i]];
    }
    generated.push([first, second]);
  }
  return generated;
}

let failed = false;
for (const length of [10, 100]) {
  const rankings = generate(pairs, length);
  const times: number[] = [];
  let meanExt = 0;
  for (let run = 0; run < 3; run++) {
    let sum = 0;
    const started = performance.now();
    for (const [first, second] of rankings) sum += rankingOverlap(first, second, length).rbo_ext;
    times.push(performance.now() - started);
    meanExt = sum / rankings.length;
  }
  const best = Math.min(...times);
  console.log(
    `ranking overlap: ${pairs.toLocaleString('en')} pairs of ${length} ids, mean RBO_ext ${meanExt.toFixed(3)}; ` +
      `best of 3: ${best.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; target < ${TARGET_MS} ms)`,
  );
  if (best >= TARGET_MS) failed = true;
}
if (failed) process.exitCode = 1;
