import { compareWithGoldenSet, metricsRecord, scoreRanking, testResultText } from '../evaluation/metrics';
import { seededRandom } from '../evaluation/seeded-random';
import type { WandsQuery } from './wands-queries';

export const DEMO_K = 10;
const MAX_JUDGED = 8;
const OTHERS = 14;
/** Every product number demoResult may draw for a query: the judged ones, then the others from 20. */
export const DEMO_PRODUCT_NUMBERS = [
  ...Array.from({ length: MAX_JUDGED }, (_, n) => n),
  ...Array.from({ length: OTHERS }, (_, n) => 20 + n),
];

export const DEMO_PASS_THRESHOLD = 0.6;

export const DEMO_PRODUCT_STYLES = [
  'Classic',
  'Modern',
  'Rustic',
  'Compact',
  'Deluxe',
  'Outdoor',
  'Velvet',
  'Oak',
  'Linen',
  'Metal',
  'Woven',
  'Studio',
];

export interface DemoProduct {
  product_id: string;
  name: string;
  image_url: string;
}

/** The generated product number `n` of a query: `W<query id>-NN`, named after the query. */
export function demoProduct(query: WandsQuery, n: number): DemoProduct {
  const id = `W${query.id}-${String(n).padStart(2, '0')}`;
  return {
    product_id: id,
    name: `${DEMO_PRODUCT_STYLES[n % DEMO_PRODUCT_STYLES.length]} ${query.query} (generated)`,
    image_url: `/demo-images/${id}.svg`,
  };
}

/**
 * One generated search for a query: a golden set of graded products and a ranking whose quality
 * grows with `skill` (0..1). Metrics and the commons/missings/leftovers are computed, not invented.
 */
export function demoResult(query: WandsQuery, skill: number, seed: number, version: string) {
  const random = seededRandom(query.id * 7919 + seed);
  const judged = Array.from({ length: random.int(4, MAX_JUDGED) }, (_, i) => ({ ...demoProduct(query, i), grade: random.int(0, 3) }));
  const others = Array.from({ length: OTHERS }, (_, i) => demoProduct(query, 20 + i));
  const returned = random.next() < 0.12 ? random.int(4, 9) : DEMO_K;
  const pool = [
    ...judged.map((p) => ({ p, score: p.grade * skill * 0.4 + random.next() })),
    ...others.map((p) => ({ p, score: random.next() * 2 })),
  ];
  const ranking = pool
    .sort((a, b) => b.score - a.score)
    .slice(0, returned)
    .map(({ p }) => p);

  const judgements = new Map(judged.map((p) => [p.product_id, p.grade]));
  const ids = ranking.map((p) => p.product_id);
  const scores = scoreRanking(ids, judgements, { k: DEMO_K });
  const metrics = metricsRecord(scores);
  const { commons, missings, leftovers } = compareWithGoldenSet(ids, judgements);
  return {
    input: query.query,
    status: scores.notScored ? 'UNJUDGED' : scores.ndcg >= DEMO_PASS_THRESHOLD ? 'PASS' : 'FAIL',
    version,
    test_result: testResultText(scores),
    results: {
      metrics,
      search_results: ranking,
      golden_set: judged.map(({ product_id, grade }) => ({ product_id, relevance: grade })),
      commons,
      missings,
      leftovers,
    },
  };
}
