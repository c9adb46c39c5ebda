/**
 * trec_eval's per-query measures for one share of a qrels and run file's queries (query-shares.ts): the
 * metrics command scores the shares on as many threads, then merges them in query id order, so the means
 * sum in the same order, to the same last bit, as one thread would.
 */
import type { QueryShare } from './query-shares';
import { forEachRunQuery, readQrels } from './trec-files';
import { EMPTY_RANKING, trecQueryMeasures, type TrecEvalOptions, type TrecQueryMeasures } from './trec-eval';

export interface ScoredQuery {
  qid: string;
  measures: TrecQueryMeasures;
  /** False for a judged query the run lacks (scored only with -c). */
  ran: boolean;
  /** Judged only 0, or only below relevant-from: such queries score 0 on every measure, nDCG aside for the second. */
  nothing?: 'above-zero' | 'relevant';
}

export interface ShareJob {
  qrelsFile: string;
  runFile: string;
  options: TrecEvalOptions;
  complete: boolean;
  share: QueryShare;
}

/** Every judged query of the share that is scored: those the run has, and with `complete` the others too. */
export function scoreShare({ qrelsFile, runFile, options, complete, share }: ShareJob): ScoredQuery[] {
  const only = share.count > 1 ? share : undefined;
  const qrels = readQrels(qrelsFile, only);
  const byQuery = new Map<string, TrecQueryMeasures>();
  forEachRunQuery(
    runFile,
    (qid, ranking) => byQuery.set(qid, trecQueryMeasures(ranking, qrels.get(qid)!, options)),
    (qid) => qrels.has(qid),
    only,
  );
  const scored: ScoredQuery[] = [];
  for (const [qid, judgements] of qrels) {
    const ran = byQuery.get(qid);
    if (ran === undefined && !complete) continue;
    const measures = ran ?? trecQueryMeasures(EMPTY_RANKING, judgements, options);
    const query: ScoredQuery = { qid, measures, ran: ran !== undefined };
    if (measures.numRel === 0) query.nothing = [...judgements.values()].some((grade) => grade > 0) ? 'relevant' : 'above-zero';
    scored.push(query);
  }
  return scored;
}
