/**
 * Search-quality metrics with trec_eval's semantics (ndcg_cut, P, recall, recip_rank, map), as in
 * usnistgov/trec_eval's m_ndcg_cut.c, m_P.c, m_recall.c, m_map.c, m_recip_rank.c and form_res_rels.c:
 * - the ranking is the order the search returned (run files are ordered by trec-files.ts);
 * - relevant means judged with grade >= relevantFrom (trec_eval's -l, default 1); unjudged or
 *   negative grades are never relevant and gain 0;
 * - nDCG gain is the grade itself (any grade > 0, whatever relevantFrom), or 2^grade - 1 with
 *   exponential gain; rank r is discounted by log2(r + 1); the ideal ranking takes every judged
 *   product with grade > 0, best first, cut at k;
 * - P@k divides by k even when fewer than k came back; recall divides by every relevant judged
 *   product; average precision (map) runs over the whole ranking, not just the top k;
 * - a query with no judgement above 0 scores 0 everywhere (never NaN) and is marked: it is not scored.
 *   With relevantFrom above 1, a query judged only below it still has an nDCG (as with trec_eval's -l)
 *   while P, R, F1, RR and AP are 0.
 */

export type Gain = 'linear' | 'exponential';

export interface MetricOptions {
  k: number;
  gain?: Gain;
  /** Smallest grade that counts as relevant (trec_eval's -l; default 1). */
  relevantFrom?: number;
}

/** Grades by product id. */
export type Judgements = ReadonlyMap<string, number>;

export const gainOf = (grade: number, gain: Gain = 'linear'): number => {
  if (!(grade > 0)) return 0;
  return gain === 'exponential' ? 2 ** grade - 1 : grade;
};
const discount = (rank: number) => Math.log2(rank + 1);

function checkCutoff(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
}

const isRelevantGrade = (grade: number | undefined, relevantFrom = 1) => grade !== undefined && grade >= 0 && grade >= relevantFrom;
const isRelevant = (judgements: Judgements, id: string, relevantFrom = 1) => isRelevantGrade(judgements.get(id), relevantFrom);

export function dcgAtK(ranking: readonly string[], judgements: Judgements, { k, gain = 'linear' }: MetricOptions): number {
  checkCutoff(k);
  let sum = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i++) sum += gainOf(judgements.get(ranking[i]) ?? 0, gain) / discount(i + 1);
  return sum;
}

/** DCG of the best possible ranking from grades (any order), cut at k. */
function idealDcgFromGrades(grades: Iterable<number>, k: number, gain: Gain = 'linear'): number {
  checkCutoff(k);
  const sorted = [...grades].filter((grade) => grade > 0).sort((a, b) => b - a);
  let sum = 0;
  for (let i = 0; i < Math.min(k, sorted.length); i++) sum += gainOf(sorted[i], gain) / discount(i + 1);
  return sum;
}

export function idealDcgAtK(judgements: Judgements, { k, gain = 'linear' }: MetricOptions): number {
  return idealDcgFromGrades(judgements.values(), k, gain);
}

export function ndcgAtK(ranking: readonly string[], judgements: Judgements, options: MetricOptions): number {
  const ideal = idealDcgAtK(judgements, options);
  return ideal === 0 ? 0 : dcgAtK(ranking, judgements, options) / ideal;
}

function relevantCount(judgements: Judgements, relevantFrom = 1): number {
  let count = 0;
  for (const grade of judgements.values()) if (isRelevantGrade(grade, relevantFrom)) count += 1;
  return count;
}

function relevantInTopK(ranking: readonly string[], judgements: Judgements, k: number, relevantFrom?: number): number {
  checkCutoff(k);
  let count = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i++) if (isRelevant(judgements, ranking[i], relevantFrom)) count += 1;
  return count;
}

/** P@k divides by k, as trec_eval does, even when fewer than k results came back. */
export function precisionAtK(ranking: readonly string[], judgements: Judgements, { k, relevantFrom }: MetricOptions): number {
  return relevantInTopK(ranking, judgements, k, relevantFrom) / k;
}

export function recallAtK(ranking: readonly string[], judgements: Judgements, { k, relevantFrom }: MetricOptions): number {
  const relevant = relevantCount(judgements, relevantFrom);
  return relevant === 0 ? 0 : relevantInTopK(ranking, judgements, k, relevantFrom) / relevant;
}

export const harmonicMean = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function f1AtK(ranking: readonly string[], judgements: Judgements, options: MetricOptions): number {
  return harmonicMean(precisionAtK(ranking, judgements, options), recallAtK(ranking, judgements, options));
}

/** trec_eval's recip_rank: over the whole ranking. */
export function reciprocalRank(ranking: readonly string[], judgements: Judgements, relevantFrom = 1): number {
  const index = ranking.findIndex((id) => isRelevant(judgements, id, relevantFrom));
  return index === -1 ? 0 : 1 / (index + 1);
}

/** trec_eval's map for one query: over the whole ranking, divided by every relevant judged product. */
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
  checkCutoff(k);
  return ranking.slice(0, k).filter((id) => !judgements.has(id)).length;
}

export type CompletionNote = 'Complete' | 'No more results' | 'Page without relevants';

/**
 * How far a page of k results got towards the query's relevant products: complete once every relevant product
 * is in it (a query with none included); else a short page is out of results, and a full page with none of
 * them is a page without relevants. The same rule as a stored result's completion column.
 */
export function completionNote(returned: number, relevantReturned: number, relevantJudged: number, k: number): CompletionNote {
  if (relevantReturned >= relevantJudged) return 'Complete';
  if (returned < k) return 'No more results';
  if (relevantReturned === 0) return 'Page without relevants';
  return 'Complete';
}

/** Every score of one ranking against one query's judgements. */
export interface RankingScores {
  k: number;
  gain: Gain;
  relevantFrom: number;
  ndcg: number;
  dcg: number;
  idealDcg: number;
  precision: number;
  recall: number;
  f1: number;
  reciprocalRank: number;
  averagePrecision: number;
  unjudged: number;
  returned: number;
  /** Relevant results among the top k. */
  relevantReturned: number;
  /** Relevant judged products of the query (recall's denominator). */
  relevantJudged: number;
  /** Marks a query whose judgements hold no grade above 0: it is not scored, and every score is 0. */
  notScored: boolean;
  note: CompletionNote;
}

export function scoreRanking(ranking: readonly string[], judgements: Judgements, options: MetricOptions): RankingScores {
  const { k, gain = 'linear', relevantFrom = 1 } = options;
  const full = { k, gain, relevantFrom };
  const dcg = dcgAtK(ranking, judgements, full);
  const idealDcg = idealDcgAtK(judgements, full);
  const relevantReturned = relevantInTopK(ranking, judgements, k, relevantFrom);
  const relevantJudged = relevantCount(judgements, relevantFrom);
  const precision = relevantReturned / k;
  const recall = relevantJudged === 0 ? 0 : relevantReturned / relevantJudged;
  return {
    ...full,
    ndcg: idealDcg === 0 ? 0 : dcg / idealDcg,
    dcg,
    idealDcg,
    precision,
    recall,
    f1: harmonicMean(precision, recall),
    reciprocalRank: reciprocalRank(ranking, judgements, relevantFrom),
    averagePrecision: averagePrecision(ranking, judgements, relevantFrom),
    unjudged: unjudgedAtK(ranking, judgements, k),
    returned: ranking.length,
    relevantReturned,
    relevantJudged,
    notScored: idealDcg === 0,
    note: completionNote(Math.min(ranking.length, k), relevantReturned, relevantJudged, k),
  };
}

/** A run result's test_result, e.g. 'nDCG@10 0.812 · P@10 0.600 · R@10 0.450 · F1@10 0.514 · Complete'. */
export function testResultText(scores: RankingScores): string {
  const { k } = scores;
  const ndcgName = scores.gain === 'exponential' ? `nDCG@${k} (exp)` : `nDCG@${k}`;
  return [
    `${ndcgName} ${scores.ndcg.toFixed(3)}`,
    `P@${k} ${scores.precision.toFixed(3)}`,
    `R@${k} ${scores.recall.toFixed(3)}`,
    `F1@${k} ${scores.f1.toFixed(3)}`,
    scores.note,
  ].join(' · ');
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
    .filter(([id, grade]) => isRelevantGrade(grade, relevantFrom) && !returned.has(id))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([id]) => id);
  return { commons, missings, leftovers };
}

/**
 * The metrics a run result carries, each named by its variant and cut-off: `ndcg@k` is linear gain,
 * `ndcg@k_exp` exponential. Reciprocal rank and average precision run over the whole ranking, which for a
 * run is the top k its target returned: hence `reciprocal_rank@k` and `average_precision@k`.
 */
export function metricsRecord(scores: RankingScores): Record<string, number> {
  const { k } = scores;
  return {
    [`ndcg@${k}${scores.gain === 'exponential' ? '_exp' : ''}`]: scores.ndcg,
    [`precision@${k}`]: scores.precision,
    [`recall@${k}`]: scores.recall,
    [`f1@${k}`]: scores.f1,
    [`reciprocal_rank@${k}`]: scores.reciprocalRank,
    [`average_precision@${k}`]: scores.averagePrecision,
  };
}

export function runMetrics(ranking: readonly string[], judgements: Judgements, options: MetricOptions): Record<string, number> {
  return metricsRecord(scoreRanking(ranking, judgements, options));
}
