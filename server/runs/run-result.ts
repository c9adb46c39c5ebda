/**
 * One run result in the API's shape (server/schemas/results.ts), from what the search target returned and the
 * golden set's judgements of the query. Pure: the worker does the searching and storing.
 */
import { compareWithGoldenSet, metricsRecord, scoreRanking, testResultText, type Judgements } from '../evaluation/metrics';
import type { SearchHit } from '../search/search-target';
import type { RunConfig } from './experiment-config';

type ResultStatus = 'PASS' | 'FAIL' | 'UNJUDGED' | 'ERROR';

export interface RunResult {
  input: string;
  status: ResultStatus;
  version: string;
  test_result: string;
  results: {
    metrics: Record<string, number>;
    search_results: SearchHit[];
    golden_set: Array<{ product_id: string; relevance: number }>;
    commons: string[];
    missings: string[];
    leftovers: string[];
  };
}

/** Shown on a query whose judgements hold no grade above 0: it scores 0 and does not count in the means. */
const NO_RELEVANT_JUDGEMENTS = 'No relevant judgements';

/** Judged products best grade first, as the details screen lists them. */
function goldenSetList(judgements: Judgements) {
  return [...judgements]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([product_id, relevance]) => ({ product_id, relevance }));
}

export function scoredResult(input: string, hits: SearchHit[], judgements: Judgements, config: RunConfig, version: string): RunResult {
  const ranking = hits.map((hit) => hit.product_id);
  const scores = scoreRanking(ranking, judgements, { k: config.k, gain: config.gain, relevantFrom: config.relevant_from });
  const suffix = config.gain === 'exponential' ? '_exp' : '';
  const metrics = {
    ...metricsRecord(scores),
    [`dcg@${config.k}${suffix}`]: scores.dcg,
    [`idcg@${config.k}${suffix}`]: scores.idealDcg,
    [`unjudged@${config.k}`]: scores.unjudged,
  };
  const text = testResultText(scores);
  const status: ResultStatus = scores.notScored ? 'UNJUDGED' : scores.ndcg >= config.pass_threshold ? 'PASS' : 'FAIL';
  return {
    input,
    status,
    version,
    test_result: scores.notScored ? `${text} · ${NO_RELEVANT_JUDGEMENTS}` : text,
    results: {
      metrics,
      search_results: hits,
      golden_set: goldenSetList(judgements),
      ...compareWithGoldenSet(ranking, judgements, config.relevant_from),
    },
  };
}

/** A search that failed (after retries): no scores, the judgements still listed as missing. */
export function failedResult(input: string, message: string, judgements: Judgements, config: RunConfig, version: string): RunResult {
  return {
    input,
    status: 'ERROR',
    version,
    test_result: `Search failed: ${message}`,
    results: {
      metrics: {},
      search_results: [],
      golden_set: goldenSetList(judgements),
      ...compareWithGoldenSet([], judgements, config.relevant_from),
    },
  };
}
