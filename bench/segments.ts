/**
 * Means by segment of a big run: `npm run bench:segments -- [--results N] [--only pglite|postgres]`.
 *
 * Stores a run of N results (100,000 by default) as bench/run-results.ts does (support/big-run.ts),
 * its entries carrying metadata (12 query classes, 4 locales), straight into the database before the
 * real server (server/main.ts) starts on it; then times, one request at a time, what the segments panel asks for:
 * the keys, the means by query class and by locale, and a page of the results filtered to one class.
 * Target: the means by segment < 500 ms on PostgreSQL.
 */
import { runBigRunBench } from './support/timed-requests';

const TARGET_MS = 500;

await runBigRunBench({
  label: 'segments',
  targets: `(means target < ${TARGET_MS} ms)`,
  requests(runId) {
    const run = `/api/backend/experiment-runs/${runId}`;
    return [
      { name: 'segment keys', path: `${run}/segment-keys` },
      { name: 'means by query_class', path: `${run}/segments?key=query_class`, targetMs: TARGET_MS },
      { name: 'means by locale', path: `${run}/segments?key=locale`, targetMs: TARGET_MS },
      { name: 'means by query_class, sorted by recall', path: `${run}/segments?key=query_class&metric=recall@10`, targetMs: TARGET_MS },
      { name: 'results of Class 7, page 1', path: `${run}/results?segment=query_class:Class%207&page_size=20` },
    ];
  },
});
