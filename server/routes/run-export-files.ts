/** A run's downloads, by file suffix: a run's routes and an evaluation's (its run's) offer the same files. */
import { runQueriesTsv, runResultsCsv, runResultsQrels, runResultsTrec } from '../runs/run-exports';

export const RUN_EXPORTS = [
  {
    suffix: 'csv',
    type: 'text/csv; charset=utf-8',
    what: 'CSV, one row per result with every metric (formula-safe cells)',
    body: runResultsCsv,
  },
  {
    suffix: 'trec',
    type: 'text/plain; charset=utf-8',
    what: 'a TREC run `qid Q0 docno rank score tag` of the results that count in the means, each query once (query ids of the golden set’s TREC export where it judges the query)',
    body: runResultsTrec,
  },
  {
    suffix: 'qrels',
    type: 'text/plain; charset=utf-8',
    what: 'TREC qrels `qid 0 docid grade`: the judgements the counted results were scored against; `npm run metrics -- results.qrels results.trec -c` prints the run’s means',
    body: runResultsQrels,
  },
  {
    suffix: 'queries.tsv',
    type: 'text/tab-separated-values; charset=utf-8',
    what: '`qid<TAB>query` lines naming the query ids of results.qrels and results.trec',
    body: runQueriesTsv,
  },
] as const;
