/**
 * Triage of a big run's results: `npm run bench:run-results -- [--results N] [--only pglite|postgres]`.
 *
 * Stores a run of N results (100,000 by default) shaped as the worker stores them (support/big-run.ts),
 * straight into the database before the real server (server/main.ts) starts on it; then times, one
 * request at a time, the pages the results screen asks for: newest first at the first, middle and last
 * page, filtered by status, searched, sorted by nDCG either way and by input, filtered by completion status.
 * Target: any page < 100 ms.
 */
import { runBigRunBench } from './support/timed-requests';

const PAGE_SIZE = 20;
const TARGET_MS = 100;

await runBigRunBench({
  label: 'run-results',
  targets: `(target < ${TARGET_MS} ms)`,
  requests(runId, results) {
    const last = Math.ceil(results / PAGE_SIZE);
    const middle = Math.ceil(last / 2);
    const base = `/api/backend/experiment-runs/${runId}/results?page_size=${PAGE_SIZE}`;
    const pages: Array<[string, string]> = [
      ['newest first, page 1', `${base}&page=1`],
      [`newest first, page ${middle.toLocaleString('en')}`, `${base}&page=${middle}`],
      [`newest first, last page`, `${base}&page=${last}`],
      ['status=FAIL,ERROR, page 1', `${base}&status=FAIL,ERROR&page=1`],
      ['status=FAIL,ERROR, page 500', `${base}&status=FAIL,ERROR&page=500`],
      ['search=velvet sofa, page 1', `${base}&search=velvet%20sofa&page=1`],
      ['sort=ndcg@10 asc, page 1', `${base}&sort=ndcg@10&order=asc&page=1`],
      ['sort=ndcg@10 desc, page 1', `${base}&sort=ndcg@10&order=desc&page=1`],
      ['sort=ndcg@10 asc, middle page', `${base}&sort=ndcg@10&order=asc&page=${middle}`],
      ['status=FAIL sort=ndcg@10 asc, page 1', `${base}&status=FAIL&sort=ndcg@10&order=asc&page=1`],
      ['sort=input asc, page 1', `${base}&sort=input&order=asc&page=1`],
      ['completion=PAGE_WITHOUT_RELEVANTS, page 1', `${base}&completion=PAGE_WITHOUT_RELEVANTS&page=1`],
      ['completion=PAGE_WITHOUT_RELEVANTS, page 200', `${base}&completion=PAGE_WITHOUT_RELEVANTS&page=200`],
      ['completion=NO_MORE_RESULTS,PAGE_W…, page 1', `${base}&completion=NO_MORE_RESULTS,PAGE_WITHOUT_RELEVANTS&page=1`],
      [`completion=COMPLETE, page ${middle.toLocaleString('en')}`, `${base}&completion=COMPLETE&page=${middle}`],
      ['completion=NO_MORE_RESULTS sort=ndcg asc, p 1', `${base}&completion=NO_MORE_RESULTS&sort=ndcg@10&order=asc&page=1`],
      ['completion=COMPLETE status=FAIL, page 1', `${base}&completion=COMPLETE&status=FAIL&page=1`],
      ['completion=COMPLETE search=velvet sofa, p 1', `${base}&completion=COMPLETE&search=velvet%20sofa&page=1`],
    ];
    return pages.map(([name, path]) => ({ name, path, targetMs: TARGET_MS }));
  },
});
