/**
 * A CI gate's verdict on two big runs: `npm run bench:verdict -- [--queries N] [--changed S] [--only pglite|postgres]`.
 *
 * Stores two finished runs of N scored queries each (100,000 by default; bench/support/compared-runs.ts),
 * starts a fresh server (server/main.ts) on them and times its first request, a verdict with three checks
 * and `latest:main` as the baseline: cold, nothing of the comparison kept yet, so it reads both runs, pairs
 * them and runs the three checked metrics' sign-flip tests. Then the same verdict again, from the kept comparison.
 * Target: the cold verdict < 2 s.
 */
import type { TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { startBenchServer, stopBenchServer, type BenchBackend } from './bench-server';
import { benchOnStoredRuns } from './support/compared-runs';

const TARGET_MS = 2000;
const RULE = encodeURIComponent('ndcg@10:0.01:0.05,recall@10:0.02,average_precision@10:0.01:0.01');

async function timeVerdict(backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, candidate: number) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const path = `/api/backend/run-comparisons/verdict?baseline=latest:main&candidate=${candidate}&rule=${RULE}`;
    const cold = await getChecked(server, token, path);
    console.log(
      `${backend}: cold verdict (resolve latest:main, read, pair, 3 checks' tests) ${cold.ms.toFixed(0)} ms  ${cold.ms < TARGET_MS ? 'ok' : 'SLOW'} (target < ${TARGET_MS} ms)`,
    );
    const again: number[] = [];
    for (let i = 0; i < 3; i++) again.push((await getChecked(server, token, path)).ms);
    console.log(`  again, from the kept comparison: ${again.map((ms) => ms.toFixed(1)).join(' / ')} ms`);
  } finally {
    await stopBenchServer(server.child);
  }
}

benchOnStoredRuns('verdict', (backend, env, issuer, runs) => timeVerdict(backend, env, issuer, runs.candidate)).catch((error) => {
  console.error(error);
  process.exit(1);
});
