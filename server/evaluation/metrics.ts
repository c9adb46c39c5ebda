/**
 * Search-quality metrics with trec_eval's semantics (ndcg_cut, P, recall, recip_rank, map):
 * the ranking is the order the search returned; relevant means grade >= threshold; unjudged
 * results gain 0; the ideal ranking takes every judged product with grade > 0, cut at k.
 */

export type Gain = 'linear' | 'exponential';

export interface MetricOptions {
  k: number;
  gain?: Gain;
  /** Smallest grade that counts as relevant (trec_eval's default: 1). */
  relevantFrom?: number;
}

/** Grades by product id. */
export type Judgements = ReadonlyMap<string, number>;

const gainOf = (grade: number, gain: Gain) => (gain === 'exponential' ? 2 ** grade - 1 : grade);
const discount = (rank: number) => Math.log2(rank + 1);

export function dcgAtK(ranking: readonly string[], judgements: Judgements, { k, gain = 'linear' }: MetricOptions): number {
  return ranking.slice(0, k).reduce((sum, id, index) => sum + gainOf(Math.max(judgements.get(id) ?? 0, 0), gain) / discount(index + 1), 0);
}

export function idealDcgAtK(judgements: Judgements, { k, gain = 'linear' }: MetricOptions): number {
  const grades = [...judgements.values()].filter((grade) => grade > 0).sort((a, b) => b - a);
  return grades.slice(0, k).reduce((sum, grade, index) => sum + gainOf(grade, gain) / discount(index + 1), 0);
}

export function ndcgAtK(ranking: readonly string[], judgements: Judgements, options: MetricOptions): number {
  const ideal = idealDcgAtK(judgements, options);
  return ideal === 0 ? 0 : dcgAtK(ranking, judgements, options) / ideal;
}

const isRelevant = (judgements: Judgements, id: string, relevantFrom = 1) => (judgements.get(id) ?? 0) >= relevantFrom;

export function relevantCount(judgements: Judgements, relevantFrom = 1): number {
  return [...judgements.values()].filter((grade) => grade >= relevantFrom).length;
}

/** P@k divides by k, as trec_eval does, even when fewer than k results came back. */
export function precisionAtK(ranking: readonly string[], judgements: Judgements, { k, relevantFrom }: MetricOptions): number {
  return ranking.slice(0, k).filter((id) => isRelevant(judgements, id, relevantFrom)).length / k;
}

export function recallAtK(ranking: readonly string[], judgements: Judgements, { k, relevantFrom }: MetricOptions): number {
  const relevant = relevantCount(judgements, relevantFrom);
  if (relevant === 0) return 0;
  return ranking.slice(0, k).filter((id) => isRelevant(judgements, id, relevantFrom)).length / relevant;
}

export function f1AtK(ranking: readonly string[], judgements: Judgements, options: MetricOptions): number {
  const p = precisionAtK(ranking, judgements, options);
  const r = recallAtK(ranking, judgements, options);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

export function reciprocalRank(ranking: readonly string[], judgements: Judgements, relevantFrom = 1): number {
  const index = ranking.findIndex((id) => isRelevant(judgements, id, relevantFrom));
  return index === -1 ? 0 : 1 / (index + 1);
}

export function averagePrecision(ranking: readonly string[], judgements: Judgements, relevantFrom = 1): number {
  const relevant = relevantCount(judgements, relevantFrom);
  if (relevant === 0) return 0;
  let found = 0;
  let sum = 0;
  ranking.forEach((id, index) => {
    if (isRelevant(judgements, id, relevantFrom)) {
      found += 1;
      sum += found / (index + 1);
    }
  });
  return sum / relevant;
}

export function unjudgedAtK(ranking: readonly string[], judgements: Judgements, k: number): number {
  return ranking.slice(0, k).filter((id) => !judgements.has(id)).length;
}

export interface SetComparison {
  /** Returned and relevant, in the order returned. */
  commons: string[];
  /** Relevant but not returned, in descending grade. */
  missings: string[];
  /** Returned but not relevant (or unjudged), in the order returned. */
  leftovers: string[];
}

export function compareWithGoldenSet(ranking: readonly string[], judgements: Judgements, relevantFrom = 1): SetComparison {
  const returned = new Set(ranking);
  const commons = ranking.filter((id) => isRelevant(judgements, id, relevantFrom));
  const leftovers = ranking.filter((id) => !isRelevant(judgements, id, relevantFrom));
  const missings = [...judgements]
    .filter(([id, grade]) => grade >= relevantFrom && !returned.has(id))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([id]) => id);
  return { commons, missings, leftovers };
}

/** The metrics a run result carries, each named by its variant and cut-off. */
export function runMetrics(ranking: readonly string[], judgements: Judgements, options: MetricOptions): Record<string, number> {
  const { k, gain = 'linear' } = options;
  const suffix = gain === 'exponential' ? '_exp' : '';
  return {
    [`ndcg@${k}${suffix}`]: ndcgAtK(ranking, judgements, options),
    [`precision@${k}`]: precisionAtK(ranking, judgements, options),
    [`recall@${k}`]: recallAtK(ranking, judgements, options),
    [`f1@${k}`]: f1AtK(ranking, judgements, options),
    reciprocal_rank: reciprocalRank(ranking, judgements, options.relevantFrom),
    average_precision: averagePrecision(ranking.slice(0, k), judgements, options.relevantFrom),
  };
}
