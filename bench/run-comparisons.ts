/**
 * Comparing two big runs: `[BENCH_ROUNDS=R] npm run bench:run-comparisons -- [--queries N] [--changed S] [--only pglite|postgres]`.
 *
 * Stores two finished runs of N scored queries each (100,000 by default) of one experiment, straight into
 * the database before the real server (server/main.ts) starts on it. A share S of the queries (1 by
 * default: the worst case, every difference non-zero and sign-flipped 10,000 times for each of the six
 * metrics) scores and ranks differently in the second run; 1% of each run's queries are not in the other. Then
 * times, one request at a time, after the requests the console makes on the way to it: the first comparison (reading both runs, pairing, every statistic, the overlap of
 * the two rankings of every query), then what the page asks for afterwards from the kept comparison. Target: the
 * first < 2 s. The first comparison is timed on R fresh servers (3 by default), best and median reported: this
 * machine's speed moves too much from one minute to the next for a single figure.
 */
import type { TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { startBenchServer, stopBenchServer, type BenchBackend } from './bench-server';
import { benchOnStoredRuns } from './support/compared-runs';

const TARGET_MS = 2000;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

async function timeComparison(
  backend: BenchBackend,
  env: Record<string, string>,
  issuer: TestIssuer,
  runs: { baseline: number; candidate: number },
) {
  const firsts: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await startBenchServer(env, issuer, 0);
    try {
      const token = await issuer.token();
      const base = `/api/backend/run-comparisons/?baseline=${runs.baseline}&candidate=${runs.candidate}`;
      // What the console asks for before a comparison: the candidate run's page, then the runs it can be compared with.
      await getChecked(server, token, `/api/backend/experiment-runs/${runs.candidate}`);
      await getChecked(server, token, `/api/backend/experiment-runs/${runs.candidate}/comparable-runs`);
      firsts.push((await getChecked(server, token, base)).ms);
      if (round < ROUNDS) continue;
      const sorted = [...firsts].sort((a, b) => a - b);
      const [best, median] = [sorted[0], sorted[Math.floor((sorted.length - 1) / 2)]];
      console.log(
        `${backend}: first comparison (read, pair, 6 metrics' statistics, the rankings' overlap) best ${best.toFixed(0)} ms, median ${median.toFixed(0)} ms of ${ROUNDS} fresh servers (${firsts.map((ms) => ms.toFixed(0)).join(', ')})  ${median < TARGET_MS ? 'ok' : 'SLOW'} (target < ${TARGET_MS} ms)`,
      );
      await timeFromKept(server, token, runs, base);
    } finally {
      await stopBenchServer(server.child);
    }
  }
}

async function timeFromKept(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  token: string,
  runs: { baseline: number; candidate: number },
  base: string,
) {
  const requests: Array<[string, string]> = [
    ['again, page 1', base],
    ['page 2,000', `${base}&page=2000`],
    ['regressions, page 1', `${base}&filter=regressions`],
    ['improvements first, page 1', `${base}&order=desc`],
    ['metric=recall@10 (a new sort)', `${base}&metric=recall@10`],
    ['search=velvet sofa', `${base}&search=velvet%20sofa`],
    ['only_baseline', `${base}&filter=only_baseline`],
    ['rankings changed most (sort=rbo_ext)', `${base}&filter=ranked&sort=rbo_ext`],
    ['rbo_p=0.5 (the overlap again)', `${base}&rbo_p=0.5`],
    ['results.csv, every row', `/api/backend/run-comparisons/results.csv?baseline=${runs.baseline}&candidate=${runs.candidate}`],
  ];
  console.log('  then, from the kept comparison (3 times each, one at a time):');
  for (const [name, path] of requests) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push((await getChecked(server, token, path)).ms);
    console.log(`  ${name.padEnd(38)} ${times.map((ms) => ms.toFixed(1).padStart(7)).join(' /')} ms`);
  }
}

benchOnStoredRuns('run-comparisons', timeComparison).catch((error) => {
  console.error(error);
  process.exit(1);
});
