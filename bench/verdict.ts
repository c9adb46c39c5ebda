/**
 * A CI gate's verdict on two big runs: `npm run bench:verdict -- [--queries N] [--changed S] [--only pglite|postgres]`.
 *
 * Stores two finished runs of N scored queries each (100,000 by default; bench/support/compared-runs.ts),
 * starts a fresh server (server/main.ts) on them and times its first request, a verdict with three checks
 * and `latest:main` as the baseline: cold, nothing of the comparison kept yet, so it reads both runs, pairs
 * them and runs every metric's sign-flip test. Then the same verdict again, from the kept comparison.
 * Target: the cold verdict < 2 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestIssuer, type TestIssuer } from '../test/server/helpers/test-issuer';
import { getChecked } from './api-mix';
import { benchBackends, startBenchServer, stopBenchServer, withScratchDatabase, type BenchBackend } from './bench-server';
import { positive } from './run-setup';
import { storeRuns } from './support/compared-runs';

const TARGET_MS = 2000;
const RULE = encodeURIComponent('ndcg@10:0.01:0.05,recall@10:0.02,average_precision@10:0.01:0.01');

async function timeVerdict(backend: BenchBackend, env: Record<string, string>, issuer: TestIssuer, candidate: number) {
  const server = await startBenchServer(env, issuer, 0);
  try {
    const token = await issuer.token();
    const path = `/api/backend/run-comparisons/verdict?baseline=latest:main&candidate=${candidate}&rule=${RULE}`;
    const cold = await getChecked(server, token, path);
    console.log(
      `${backend}: cold verdict (resolve latest:main, read, pair, every metric's test, 3 checks) ${cold.ms.toFixed(0)} ms  ${cold.ms < TARGET_MS ? 'ok' : 'SLOW'} (target < ${TARGET_MS} ms)`,
    );
    const again: number[] = [];
    for (let i = 0; i < 3; i++) again.push((await getChecked(server, token, path)).ms);
    console.log(`  again, from the kept comparison: ${again.map((ms) => ms.toFixed(1)).join(' / ')} ms`);
  } finally {
    await stopBenchServer(server.child);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { queries: { type: 'string', default: '100000' }, changed: { type: 'string', default: '1' }, only: { type: 'string' } },
  });
  const queries = positive(values.queries!, '--queries');
  const changed = Number(values.changed);
  if (!(changed >= 0 && changed <= 1)) throw new Error('--changed is a share from 0 to 1');
  const issuer = await startTestIssuer();
  const work = await mkdtemp(join(tmpdir(), 'bench-verdict-'));
  try {
    console.log(`two runs of ${queries.toLocaleString('en')} queries, ${Math.round(changed * 100)}% of them scoring differently`);
    for (const backend of benchBackends(values.only)) {
      if (backend === 'pglite') {
        const dataDir = join(work, 'pglite-data');
        const runs = await storeRuns({ dataDir }, queries, changed);
        await timeVerdict(backend, { DATA_DIR: dataDir, DEMO_DATA: 'false' }, issuer, runs.candidate);
      } else {
        await withScratchDatabase('verdict', async (url) => {
          const runs = await storeRuns({ databaseUrl: url, dataDir: join(work, 'unused') }, queries, changed);
          await timeVerdict(backend, { DATABASE_URL: url, DATA_DIR: join(work, 'pg-data'), DEMO_DATA: 'false' }, issuer, runs.candidate);
        });
      }
    }
  } finally {
    await issuer.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
